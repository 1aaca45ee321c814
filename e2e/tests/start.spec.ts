/**
 * Start page, infopoint, templates and the reminder setting in a real browser against the real server:
 * both languages, keyboard use, axe on every screen, the infopoint's print view, a template upload and download.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

async function english(page: Page) {
  await switchLanguage(page, 'en_GB');
}

/** The language is saved in the member's profile: back to German for the next test. */
async function german(page: Page) {
  await switchLanguage(page, 'de_DE');
  await expect(page.getByTestId('logout')).toHaveText('Abmelden');
}

/** The cards of a grid's first row start on one line (no card pushed down by a margin meant for stacked cards). */
async function expectCardsOnOneLine(page: Page, selector: string) {
  const cards = page.locator(selector);
  await expect(cards.nth(1)).toBeVisible();
  const boxes = await cards.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()));
  const firstRow = boxes.filter((box) => box.top < (boxes[0]?.bottom ?? 0));
  expect(firstRow.length).toBeGreaterThan(1);
  for (const box of firstRow) expect(Math.round(box.top)).toBe(Math.round(boxes[0]?.top ?? 0));
}

test.describe('start', () => {
  test('overview: bubbles with counts filter the list, by mouse and keyboard, in both languages', async ({ page }) => {
    await openSignedIn(page, 'acme', 'member');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview\/elearnings/);
    const bubbles = page.getByTestId('due-bubbles');
    // The count, not the hidden placeholder that keeps its place while the counts load.
    const allCountText = bubbles.getByTestId('bubble-all').locator('.ui-bubble__count:not([aria-hidden])');
    await expect(allCountText).toHaveText(/^\d+$/);
    const allCount = Number((await allCountText.textContent()) ?? '0');
    await bubbles.getByTestId('bubble-all').click();
    await expect(page).toHaveURL(/status=all/);
    await expect(page.getByTestId('open-tasks').locator('li')).toHaveCount(Math.min(allCount, 25));
    // Keyboard: the done bubble by Tab and Enter.
    await bubbles.getByTestId('bubble-done').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/status=done/);
    await expect(bubbles.getByTestId('bubble-done')).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousAxeViolations(page, 'overview de');
    // The near due statuses: a colour of their own and a shape of their own, never one yellow in two shades.
    const look = (status: string) =>
      bubbles
        .getByTestId(`bubble-${status}`)
        .locator('.ui-bubble')
        .evaluate((element) => ({
          background: getComputedStyle(element).backgroundColor,
          shape: getComputedStyle(element, '::before').content,
        }));
    const [soon, month] = [await look('next7Days'), await look('nextMonth')];
    expect(soon.background).not.toBe(month.background);
    expect(soon.shape).not.toBe(month.shape);
    expect(soon.shape).not.toBe('none');
    expect(month.shape).not.toBe('none');
    await page.screenshot({ path: `${SCREENSHOTS}start-overview-de.png`, fullPage: true });
    // The member has no risk-action filters; the other tab has its own counts.
    await page.locator('.ui-tabs__tab', { hasText: 'Gefährdungsbeurteilungen' }).click();
    await expect(page).toHaveURL(/\/overview\/risk-assessments/);
    await expect(page.getByTestId('task-filter').locator('option[value=riskActionDefine]')).toHaveCount(0);
    await english(page);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('task-filter').locator('option').first()).toHaveText('All');
    await expectNoSeriousAxeViolations(page, 'overview en');
    await page.screenshot({ path: `${SCREENSHOTS}start-overview-en.png`, fullPage: true });
    await german(page);
  });

  test('overview: an admin filters by "risk action agreed" and opens the evaluation\'s actions', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/start/overview/risk-assessments');
    await page.getByTestId('task-filter').selectOption('riskActionDefine');
    await expect(page).toHaveURL(/status=riskActionDefine/);
    await expect(
      page.getByTestId('risk-action-tasks').or(page.getByText('Für diesen Filter gibt es keine Aufgaben.')),
    ).toBeVisible();
    // The demo's evaluation of the VDU workstations in Verwaltung has its actions agreed.
    await page.getByTestId('task-filter').selectOption('riskActionAgreed');
    await expect(page).toHaveURL(/status=riskActionAgreed/);
    const evaluation = page
      .getByTestId('risk-action-tasks')
      .getByRole('link', { name: /Bildschirmarbeitsplätze – Verwaltung/ });
    await expect(evaluation).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'overview risk actions agreed');
    await evaluation.click();
    await expect(page).toHaveURL(/\/apps\/risk-assessments\/evaluation\/details\/[0-9a-f-]{36}\/risk-actions$/);
    await expect(page.getByText('Maßnahmen vereinbart').first()).toBeVisible();
  });

  test('infopoint: locations, groups with tel: links, print view; both languages', async ({ page }) => {
    await openSignedIn(page, 'acme', 'member');
    await page.getByRole('link', { name: 'Infopoint' }).click();
    await expect(page).toHaveURL(/\/dashboard\/start\/infopoint$/);
    await expect(page.getByTestId('infopoint-locations').locator('li').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'infopoint list');
    await page.getByRole('link', { name: 'Werk Hamburg' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/start\/infopoint\/[0-9a-f-]{36}$/);
    const notice = page.getByTestId('infopoint-notice');
    await expect(notice.getByRole('heading', { name: 'Ersthelfer' })).toBeVisible();
    // Germany's emergency numbers and the address to give the control centre, first on the notice.
    const emergency = page.getByTestId('infopoint-emergency');
    await expect(emergency.getByTestId('emergency-112')).toContainText('Feuerwehr und Rettungsdienst');
    await expect(emergency.getByTestId('emergency-110')).toContainText('Polizei');
    await expect(emergency.getByTestId('emergency-144')).toHaveCount(0);
    await expect(page.getByTestId('infopoint-address')).toContainText('Hafenstraße 12');
    await expect(page.getByTestId('infopoint-address')).toContainText('20457 Hamburg');
    await expect(page.getByTestId('infopoint-address')).toContainText('Deutschland');
    await expectCardsOnOneLine(page, '.infopoint__groups > .ui-card');
    const tel = notice.locator('a[href^="tel:"]').first();
    await expect(tel).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expectNoSeriousAxeViolations(page, 'infopoint location');
    await page.screenshot({ path: `${SCREENSHOTS}infopoint-de.png`, fullPage: true });
    // The print view: only the notice, with its print headline, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('infopoint-print')).toBeHidden();
    await expect(notice.getByText('Ansprechpartner im Notfall am Standort Werk Hamburg')).toBeVisible();
    await expect(page.getByTestId('logout')).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}infopoint-print-de.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await english(page);
    await expect(notice.getByRole('heading', { name: 'First aiders' })).toBeVisible();
    await expect(emergency.getByTestId('emergency-112')).toContainText('Fire brigade and ambulance');
    await page.screenshot({ path: `${SCREENSHOTS}infopoint-en.png`, fullPage: true });
    await german(page);
  });

  test("infopoint: Austria's emergency numbers for the Vienna office, cards in line; both languages", async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'member');
    await page.goto('/dashboard/start/infopoint');
    await expectCardsOnOneLine(page, '[data-testid=infopoint-locations] > .ui-card');
    await page.getByRole('link', { name: 'Büro Wien' }).click();
    const emergency = page.getByTestId('infopoint-emergency');
    for (const [number, label] of [
      ['112', 'Euro-Notruf'],
      ['122', 'Feuerwehr'],
      ['133', 'Polizei'],
      ['144', 'Rettung'],
    ] as const) {
      await expect(emergency.getByTestId(`emergency-${number}`)).toContainText(label);
      await expect(emergency.getByTestId(`emergency-${number}`).locator('a')).toHaveAttribute('href', `tel:${number}`);
    }
    await expect(page.getByTestId('infopoint-address')).toContainText('Mariahilfer Straße 88');
    await expect(page.getByTestId('infopoint-address')).toContainText('1070 Wien');
    await expect(page.getByTestId('infopoint-address')).toContainText('Österreich');
    await expectNoSeriousAxeViolations(page, 'infopoint vienna');
    await page.screenshot({ path: `${SCREENSHOTS}infopoint-vienna-de.png`, fullPage: true });
    await english(page);
    for (const [number, label] of [
      ['112', 'European emergency number'],
      ['122', 'Fire brigade'],
      ['133', 'Police'],
      ['144', 'Ambulance'],
    ] as const) {
      await expect(emergency.getByTestId(`emergency-${number}`)).toContainText(label);
    }
    await expect(page.getByTestId('infopoint-address')).toContainText('Austria');
    await german(page);
  });

  test('templates: an admin uploads, a member finds and downloads it, the admin deletes it', async ({
    page,
    browser,
  }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.getByRole('link', { name: 'Vorlagen' }).click();
    await expect(page).toHaveURL(/\/dashboard\/apps\/templates/);
    await page.getByTestId('upload-category').selectOption('forms');
    await page.getByTestId('upload-title').fill('Prüfprotokoll Leitern');
    const content = 'Prüfprotokoll Leitern und Tritte\n';
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'leitern.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByText('„leitern.txt“ wurde hochgeladen.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Prüfprotokoll Leitern/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'templates admin');
    await page.screenshot({ path: `${SCREENSHOTS}templates-de.png`, fullPage: true });

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await openSignedIn(member, 'acme', 'member');
    await member.goto('/dashboard/apps/templates');
    // The shipped starting documents are there from day one, in German and English.
    await expect(member.getByRole('link', { name: 'Unterweisungsnachweis (Vorlage)' })).toBeVisible();
    await expect(member.getByRole('link', { name: 'Safety instruction record (template)' })).toBeVisible();
    await expect(
      member.getByRole('link', { name: 'Betriebsanweisung für Arbeitsmittel und Maschinen (Vorlage)' }),
    ).toBeVisible();
    await member.getByRole('searchbox').or(member.getByLabel('Suche nach Titel oder Datei')).first().fill('leitern');
    const link = member.getByRole('link', { name: /Prüfprotokoll Leitern/ });
    await expect(link).toBeVisible();
    await expect(member.getByTestId('upload-category')).toHaveCount(0);
    const [download] = await Promise.all([member.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('leitern.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe(content);
    await english(member);
    await expect(member.getByRole('heading', { name: 'Templates' })).toBeVisible();
    await expectNoSeriousAxeViolations(member, 'templates member en');
    await member.screenshot({ path: `${SCREENSHOTS}templates-en.png`, fullPage: true });
    await german(member);
    await memberContext.close();

    const row = page.locator('.ui-table tbody tr', { hasText: 'Prüfprotokoll Leitern' });
    await row
      .getByRole('button', { name: /Löschen|Aktionen/ })
      .first()
      .click();
    const deleteItem = page.getByRole('menuitem', { name: 'Löschen' });
    if (await deleteItem.count()) await deleteItem.click();
    const modal = page.getByTestId('template-delete-modal');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Die Vorlage „Prüfprotokoll Leitern“ wurde gelöscht.')).toBeVisible();
    await expect(page.locator('.ui-table tbody tr', { hasText: 'Prüfprotokoll Leitern' })).toHaveCount(0);
  });

  test('calendar opens the external calendar; the reminder setting in the profile', async ({ page }) => {
    await openSignedIn(page, 'acme', 'member');
    await page.getByRole('link', { name: 'Kalender' }).click();
    await expect(page).toHaveURL(/\/dashboard\/apps\/calendar$/);
    const calendar = page.getByTestId('calendar-link');
    await expect(calendar).toHaveAttribute('href', /^https?:\/\//);
    await expect(calendar).toHaveAttribute('target', '_blank');
    await expectNoSeriousAxeViolations(page, 'calendar');
    await page.screenshot({ path: `${SCREENSHOTS}calendar-de.png`, fullPage: true });
    await page.goto('/dashboard/profile/settings');
    const checkbox = page.getByTestId('reminder-mails');
    await expect(checkbox).toBeChecked();
    await checkbox.press('Space');
    await expect(page.getByText('Erinnerungen per E-Mail sind ausgeschaltet.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('reminder-mails')).not.toBeChecked();
    // The box follows the saved setting: it changes once the server has answered (check() would expect it at once).
    await page.getByTestId('reminder-mails').press('Space');
    await expect(page.getByText('Erinnerungen per E-Mail sind eingeschaltet.')).toBeVisible();
    await expect(page.getByTestId('reminder-mails')).toBeChecked();
    await expectNoSeriousAxeViolations(page, 'profile settings');
    await page.screenshot({ path: `${SCREENSHOTS}profile-reminders-de.png`, fullPage: true });
  });
});
