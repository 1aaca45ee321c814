import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const CATALOG = '/dashboard/apps/elearnings/catalog/list';

const tabs = (page: Page) =>
  page.getByRole('navigation', { name: /Bereiche des E-Learnings|Sections of the e-learning/ });

async function openCourse(page: Page, title: string) {
  await page.goto(CATALOG);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('e-learnings: administration', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
  });

  test('catalogue and settings: save with a toast, invalid dates refused, in German and English', async ({ page }) => {
    await page.goto(CATALOG);
    const rows = page.locator('.ui-table tbody tr');
    // Six courses and the sequenced demo course "Erste Hilfe – Unterweisung für alle Beschäftigten".
    await expect(rows).toHaveCount(7);
    await expect(rows.filter({ hasText: 'Brandschutz Grundlagen' })).toContainText('DE, EN');
    await expect(rows.filter({ hasText: 'Leitern und Tritte' })).toContainText('Geplant');
    await page.getByLabel('Suche').fill('erste hilfe');
    // "Erste Hilfe im Betrieb" and the sequenced demo course.
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Suche').fill('erste hilfe im');
    await expect(rows).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, 'catalogue');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-catalog-de.png`, fullPage: true });

    await openCourse(page, 'Leitern und Tritte');
    await expect(page).toHaveURL(/\/catalog\/details\/[0-9a-f-]+\/settings$/);
    const form = page.getByTestId('elearning-settings');
    await expect(form.getByTestId('settings-state')).toHaveText('Geplant');
    // Keyboard: the repeat select and the buffer select are reachable and change by keys.
    await form.getByLabel('Wiederholung').selectOption({ label: 'Alle 12 Monate' });
    await form.getByLabel('Puffer bis zur ersten Durchführung').focus();
    await page.keyboard.press('ArrowDown');
    // Deactivation before activation: the field says so and nothing is sent.
    await form.getByLabel('Automatisch aktivieren am').fill('2031-06-01');
    await form.getByLabel('Automatisch deaktivieren am').fill('2031-05-01');
    await form.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await expect(form.locator('.ui-field__error')).toBeVisible();
    await form.getByLabel('Automatisch deaktivieren am').fill('2031-12-31');
    await form.getByRole('button', { name: 'Einstellungen speichern' }).press('Enter');
    await expect(page.getByTestId('toast-success')).toContainText('Die Einstellungen wurden gespeichert');
    await page.reload();
    await expect(form.getByLabel('Wiederholung')).toHaveValue('12');
    await expect(form.getByLabel('Automatisch deaktivieren am')).toHaveValue('2031-12-31');
    await expectNoSeriousAxeViolations(page, 'settings');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-settings-de.png`, fullPage: true });

    await switchLanguage(page, 'en_GB');
    await expect(form.getByRole('button', { name: 'Save settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Analytics' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-settings-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
  });

  test('org units: assignments with their admins, the remove modal by keyboard', async ({ page }) => {
    await openCourse(page, 'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)');
    await tabs(page).getByRole('link', { name: 'Organisationseinheiten' }).click();
    const list = page.getByTestId('elearning-org-units');
    await expect(list.locator('tbody tr')).toHaveCount(1);
    await expect(list).toContainText('ACME Sicherheit GmbH');
    await expect(list).toContainText('alle Mitarbeiter');
    await expect(list).toContainText('Arne Adler');
    await expectNoSeriousAxeViolations(page, 'org units');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-org-units-de.png`, fullPage: true });

    // Remove modal: opened and left by keyboard, nothing changes.
    await list.getByRole('button', { name: 'ACME Sicherheit GmbH entfernen' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Zuweisung entfernen' });
    await expect(modal).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'remove modal');
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(list.locator('tbody tr')).toHaveCount(1);

    // The scheduled ladder course: removing Logistik deletes its waiting tasks.
    await openCourse(page, 'Leitern und Tritte');
    await tabs(page).getByRole('link', { name: 'Organisationseinheiten' }).click();
    await list.getByRole('button', { name: 'Logistik entfernen' }).click();
    await page.getByRole('dialog', { name: 'Zuweisung entfernen' }).getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Die Zuweisung wurde entfernt');
    await expect(list.getByText('Dieses E-Learning ist noch keiner Organisationseinheit zugewiesen.')).toBeVisible();

    await switchLanguage(page, 'en_GB');
    await expect(list.getByText('This e-learning has not been assigned to an org unit yet.')).toBeVisible();
    await switchLanguage(page, 'de_DE');
  });

  test('analytics: statuses, filters, charts with a table, reset progress and the xlsx export', async ({ page }) => {
    await openCourse(page, 'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)');
    await tabs(page).getByRole('link', { name: 'Auswertung' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    const charts = page.getByTestId('elearning-charts');
    await expect(charts.getByRole('img', { name: /Abschlussquote je Organisationseinheit/ })).toBeVisible();
    await expect(charts.getByRole('img', { name: /Überfällige Aufgaben/ })).toBeVisible();
    await expect(page.getByTestId('unit-statistics-table').locator('tbody tr')).not.toHaveCount(0);
    const rows = page.locator('.ui-table table[aria-busy] tbody tr');
    await expect(rows.first()).toBeVisible();

    // Filter by status: only overdue rows remain.
    await page.getByLabel('Status').selectOption('overdue');
    await expect(page).toHaveURL(/f\.status=overdue/);
    await expect(rows.first()).toContainText('Überfällig');
    for (const text of await rows.locator('td .ui-badge').allTextContents()) expect(text).toBe('Überfällig');
    await expectNoSeriousAxeViolations(page, 'analytics');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-analytics-de.png`, fullPage: true });

    // Export: a real .xlsx file (its cells are checked in server/test/elearnings.test.ts).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-statistics').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await download.path()) ?? '');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Reset progress of a member in progress: the modal names him, his row is no longer in progress (new attempt).
    await page.getByLabel('Status').selectOption('inprogress');
    await expect(page).toHaveURL(/f\.status=inprogress/);
    await expect(rows.first()).toContainText('In Bearbeitung');
    const first = rows.first();
    const name = (await first.locator('td').first().textContent()) ?? '';
    await first.getByRole('checkbox').check();
    await page.getByTestId('bulk-reset-progress').click();
    const modal = page.getByRole('dialog', { name: 'Fortschritt zurücksetzen' });
    await expect(modal).toContainText('Frühere Abschlüsse bleiben als Nachweis erhalten');
    await expectNoSeriousAxeViolations(page, 'reset modal');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-reset-modal-de.png` });
    await modal.getByRole('button', { name: '1 Mitarbeiter zurücksetzen' }).click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: 'Der Fortschritt von 1 Mitarbeiter wurde zurückgesetzt' }),
    ).toBeVisible();
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Name suchen').fill(name.split(',')[0] ?? '');
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    await expect(rows.filter({ hasText: name })).not.toContainText('In Bearbeitung');

    await switchLanguage(page, 'en_GB');
    await expect(charts.getByRole('img', { name: /Completion rate per org unit/ })).toBeVisible();
    await page.getByLabel('Search by name').fill('');
    await expect(page.getByRole('button', { name: 'Export as Excel file' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-analytics-en.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'analytics (en)');
    await switchLanguage(page, 'de_DE');
  });
});

test.describe('e-learnings: my e-learnings', () => {
  test('bubbles filter the tasks, a task opens its execution, in German and English', async ({ page }) => {
    await openSignedIn(page, 'acme', 'member');
    await page.goto('/dashboard/apps/elearnings/my-elearnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Meine E-Learnings' })).toBeVisible();
    const bubbles = page.getByTestId('due-bubbles');
    const overdue = bubbles.getByRole('button', { name: /Überfällig/ });
    await expect(overdue).toContainText(/\d+/);
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows.first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'my e-learnings');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-my-de.png`, fullPage: true });

    // Keyboard: the overdue bubble filters; pressed again it shows the open tasks.
    await overdue.focus();
    await page.keyboard.press('Enter');
    await expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/f\.status=overdue/);
    const count = Number((await overdue.locator('.elearning-bubble__count').textContent()) ?? '0');
    if (count > 0) await expect(rows.locator('.ui-badge')).toHaveText(Array(Math.min(count, 25)).fill('Überfällig'));
    await bubbles.getByRole('button', { name: /Erledigt/ }).click();
    await expect(rows.first()).toContainText('Erledigt');
    await bubbles.getByRole('button', { name: /Erledigt/ }).click();
    // The open tasks again before a row is picked: a done task has the same title.
    await expect(rows.locator('.ui-badge', { hasText: 'Erledigt' })).toHaveCount(0);

    // A task opens in the player (the safety instruction has a course; elearning-player.spec.ts runs it).
    const start = rows.getByRole('button', { name: /Sicherheitsunterweisung/ });
    const title = (await start.textContent()) ?? '';
    await start.click();
    await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('player-frame')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'execution');

    // The switch saves the language in the profile: wait for it before the next page load reads it.
    await switchLanguage(page, 'en_GB');
    await page.goto('/dashboard/apps/elearnings/my-elearnings');
    await expect(page.getByRole('heading', { level: 1, name: 'My e-learnings' })).toBeVisible();
    // The course titles follow the member's language where the course has it.
    await expect(rows.first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-my-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
  });
});
