import { expect, type Page, test } from '@playwright/test';
import { apiSession, expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = '../test-results/screenshots/risk-';

/** Answers every question of the page by keyboard only: Tab to each radio group, Space picks its first answer. */
async function answerPageByKeyboard(page: Page, choice: 'first' | 'second' = 'first') {
  const questions = page.locator('.ra-question');
  const count = await questions.count();
  for (let index = 0; index < count; index++) {
    await page.keyboard.press('Tab');
    // Inspections: the previous answer's "note and photos" (a closed disclosure) is the stop between two questions.
    if (index > 0 && (await page.locator(':focus').evaluate((element) => element.tagName)) === 'SUMMARY') {
      await page.keyboard.press('Tab');
    }
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('type', 'radio');
    if (choice === 'second') await page.keyboard.press('ArrowRight');
    else await page.keyboard.press('Space');
    await expect(questions.nth(index).locator('input:checked')).toHaveCount(1);
  }
}

test.describe('risk assessments', () => {
  test('an admin adds a risk assessment and assigns an org unit (German, keyboard, axe)', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/apps/risk-assessments/catalog/list');
    await expect(page.getByRole('heading', { name: 'Katalog der Gefährdungsbeurteilungen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Psychische Belastung 2026' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}catalog-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'catalogue');

    await page.getByRole('button', { name: 'Gefährdungsbeurteilung hinzufügen' }).click();
    const dialog = page.getByTestId('add-risk-assessment');
    await dialog.getByLabel('Titel').fill('Psychische Belastung Vertrieb');
    await dialog.getByLabel('Art der Gefährdungsbeurteilung').selectOption('mental-load');
    await dialog.getByLabel('Fällig am').fill('2030-06-30');
    await dialog.getByRole('button', { name: 'Hinzufügen' }).press('Enter');
    await expect(page).toHaveURL(/\/catalog\/details\/[0-9a-f-]+\/assignments$/);
    await expect(page.getByRole('heading', { name: 'Psychische Belastung Vertrieb' })).toBeVisible();
    // A survey takes no single members.
    await expect(page.getByRole('button', { name: 'Mitarbeiter zuweisen' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Organisationseinheiten zuweisen' }).focus();
    await page.keyboard.press('Enter');
    const assign = page.getByTestId('assign-modal');
    await expect(assign.getByText('Vertrieb')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}assign-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'assign modal');
    await assign.getByRole('checkbox', { name: /Vertrieb/ }).focus();
    await page.keyboard.press('Space');
    await assign.getByRole('button', { name: '1 zuweisen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Zugewiesen: \d+ neue Analysen wurden angelegt/)).toBeVisible();
    const row = page.locator('.ui-table tbody tr', { hasText: 'Vertrieb' });
    await expect(row).toContainText('Organisationseinheit');
    await page.screenshot({ path: `${SCREENSHOTS}assignments-de.png`, fullPage: true });

    // The type is fixed now.
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await expect(page.getByLabel('Art der Gefährdungsbeurteilung')).toBeDisabled();
    await expectNoSeriousAxeViolations(page, 'settings');
  });

  test('a member runs the survey by keyboard, resumes after a reload, a second browser sees the lock, and completes (German)', async ({
    page,
    browser,
  }) => {
    await openSignedIn(page, 'acme', 'member');
    await page.goto('/dashboard/apps/risk-assessments/my-analyses');
    await expect(page.getByRole('heading', { name: 'Meine Analysen' })).toBeVisible();
    await expect(page.locator('.ui-bubble[data-status="overdue"]')).toContainText('1');
    await page.screenshot({ path: `${SCREENSHOTS}my-analyses-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'my analyses');

    await page.getByRole('button', { name: 'Beginnen: Psychische Belastung 2026' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/execution\/[0-9a-f-]+$/);
    const url = page.url();
    await expect(page.getByRole('heading', { name: 'Arbeitsinhalt / Arbeitsaufgabe' })).toBeVisible();
    await expect(page.getByText('Diese Befragung ist anonym')).toBeVisible();
    await page.getByRole('heading', { name: 'Arbeitsinhalt / Arbeitsaufgabe' }).focus();
    await answerPageByKeyboard(page);
    await page.keyboard.press('Tab'); // Zurück is disabled: the next stop is Weiter.
    await expect(page.locator(':focus')).toHaveText('Weiter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Arbeitsorganisation' })).toBeFocused();
    await answerPageByKeyboard(page, 'second');
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}execution-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'execution');

    // Leave and come back: the same page, the answers kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Arbeitsorganisation' })).toBeVisible();
    await expect(page.getByTestId('execution-progress')).toContainText('8 von 17 Fragen beantwortet');

    // A second browser of the same member is told that she herself holds the lock, until when, and cannot answer
    // there unless she continues there.
    const second = await browser.newContext();
    const other = await second.newPage();
    await openSignedIn(other, 'acme', 'member');
    await other.goto(url);
    await expect(other.getByTestId('execution-locked')).toContainText('in einem anderen Fenster');
    await expect(other.getByTestId('execution-locked')).toContainText(/gesperrt bis \d{2}:\d{2}/);
    await expect(other.getByRole('button', { name: 'Hier fortsetzen' })).toBeVisible();
    await expect(other.locator('.ra-question input').first()).toBeDisabled();
    await other.screenshot({ path: `${SCREENSHOTS}locked-de.png`, fullPage: true });
    await second.close();

    // The remaining pages, then the complete-analysis modal.
    for (let pageIndex = 2; pageIndex < 5; pageIndex++) {
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByTestId('execution-progress')).toContainText(`Seite ${pageIndex + 1} von 5`);
      await answerPageByKeyboard(page);
    }
    await page.getByRole('button', { name: 'Analyse abschließen' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('complete-analysis');
    await expect(modal).toContainText('nicht mehr geändert werden');
    await page.screenshot({ path: `${SCREENSHOTS}complete-de.png`, fullPage: true });
    await modal.getByRole('button', { name: 'Abschließen' }).press('Enter');
    await expect(page).toHaveURL(/\/my-analyses/);
    await expect(page.getByText('Die Analyse wurde abgeschlossen.')).toBeVisible();
    await page.goto(url);
    await expect(page.getByTestId('execution-completed')).toContainText('anonym gespeichert');
  });

  test('in English, a member completes the VDU workstation check, which names who assessed', async ({ page }) => {
    await openSignedIn(page, 'acme', 'member');
    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.goto('/dashboard/apps/risk-assessments/my-analyses');
    await expect(page.getByRole('heading', { name: 'My analyses' })).toBeVisible();
    await page.getByRole('button', { name: 'Start: Bildschirmarbeitsplätze' }).click();
    await expect(page.getByRole('heading', { name: 'Screen and display' })).toBeVisible();
    await page.getByRole('heading', { name: 'Screen and display' }).focus();
    for (let pageIndex = 0; pageIndex < 5; pageIndex++) {
      await answerPageByKeyboard(page);
      if (pageIndex < 4) {
        await page.getByRole('button', { name: 'Next' }).press('Enter');
        await expect(page.getByTestId('execution-progress')).toContainText(`Page ${pageIndex + 2} of 5`);
      }
    }
    await page.screenshot({ path: `${SCREENSHOTS}execution-en.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'execution (English)');
    await page.getByRole('button', { name: 'Complete analysis' }).press('Enter');
    await expect(page.getByTestId('complete-analysis')).toContainText('can no longer be changed');
    await page.getByTestId('complete-analysis').getByRole('button', { name: 'Complete', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/my-analyses/);
    await page.locator('.ui-bubble[data-status="done"]').click();
    await page.getByRole('button', { name: 'View: Bildschirmarbeitsplätze' }).click();
    await expect(page.getByTestId('execution-completed')).toContainText('Completed by Mara Mitarbeiter');
    await page.screenshot({ path: `${SCREENSHOTS}completed-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
  });

  test('a member continues her analysis in a second tab at once; the first tab is told and stops saving', async ({
    page,
    context,
    baseURL,
  }) => {
    const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
    const title = `Übernahme ${Date.now()}`;
    const { uuid } = await admin.post<{ uuid: string }>('/api/risk-assessment/save-settings', {
      title,
      type: 'general-hazards',
      dueDate: '2030-06-30',
      active: true,
    });
    const units = await admin.post<{ items: { uuid: string; orgUnitName: string }[] }>(
      '/api/org-unit/org-unit-list',
      {},
    );
    const produktion = units.items.find((unit) => unit.orgUnitName === 'Produktion');
    await admin.post('/api/risk-assessment/assign-org-units', { uuid, orgUnitUuids: [produktion?.uuid] });
    await admin.dispose();

    await openSignedIn(page, 'acme', 'member');
    await page.goto('/dashboard/apps/risk-assessments/my-analyses');
    await page.getByRole('button', { name: `Beginnen: ${title}` }).click();
    await expect(page).toHaveURL(/\/execution\/[0-9a-f-]+$/);
    const questions = page.locator('.ra-question');
    await questions.nth(0).locator('input').first().check();
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();

    // The same member, the same browser, a second tab: she is told it is herself, and continues here at once.
    const tab = await context.newPage();
    await tab.goto(page.url());
    const locked = tab.getByTestId('execution-locked');
    await expect(locked).toContainText('Sie bearbeiten diese Analyse bereits in einem anderen Fenster');
    await expect(tab.locator('.ra-question input').first()).toBeDisabled();
    await tab.screenshot({ path: `${SCREENSHOTS}open-elsewhere-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(tab, 'analysis open in another window');
    await tab.getByRole('button', { name: 'Hier fortsetzen' }).click();
    await expect(locked).toHaveCount(0);
    const tabQuestions = tab.locator('.ra-question');
    await expect(tabQuestions.nth(0).locator('input:checked')).toHaveCount(1);
    await tabQuestions.nth(1).locator('input').first().check();
    await expect(tab.getByText('Gespeichert', { exact: true })).toBeVisible();

    // The first tab's next save is refused: it says so, stops saving, and its answer is not stored.
    await questions.nth(2).locator('input').first().check();
    await expect(page.getByTestId('execution-locked')).toContainText(
      'in einem anderen Fenster oder auf einem anderen Gerät fortgesetzt',
    );
    await expect(questions.nth(3).locator('input').first()).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}taken-over-de.png`, fullPage: true });
    await tab.reload();
    await expect(tab.getByTestId('execution-progress')).toContainText('2 von');
  });
});
