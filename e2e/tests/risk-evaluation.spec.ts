import { expect, type Page, test } from '@playwright/test';
import { pdfText } from './elearning-player-pdf';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = '../test-results/screenshots/risk-evaluation-';
const API = '/api/risk-assessment';

/** A call of the signed-in browser session (same cookies and XSRF pair as the app). */
async function call<T>(page: Page, path: string, body: unknown): Promise<T> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${API}/${path}`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const PROBABILITY_DE = ['', 'Praktisch unmöglich', 'Unwahrscheinlich', 'Möglich', 'Wahrscheinlich', 'Fast sicher'];
const SEVERITY_DE = [
  '',
  'Keine gesundheitlichen Folgen',
  'Leichte Verletzung',
  'Mittelschwere Verletzung',
  'Schwere Verletzung mit bleibenden Schäden',
  'Tödlich',
];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('risk evaluation', () => {
  test('from 6 completed analyses to a done assessment, with the printed action list (German, keyboard, axe)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/apps/risk-assessments/evaluation/list');
    await expect(page.getByRole('heading', { name: 'Auswertungen', level: 1 })).toBeVisible();
    await expect(page.getByText('1–2 · Sehr gering')).toBeVisible();
    await expect(page.getByText('9–10 · Sehr hoch')).toBeVisible();
    const row = page.getByRole('row', { name: /Psychische Belastung 2026.*Produktion/ });
    // 7 seeded, 8 when risk-assessments.spec.ts (same database) has completed the member's survey before.
    await expect(row.getByText(/^[78] von/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}list-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'evaluation list');

    // Finish the analysis phase by keyboard.
    await row.getByRole('button', { name: 'Analysephase beenden' }).focus();
    await page.keyboard.press('Enter');
    const finish = page.getByTestId('finish-analysis');
    await expect(finish.getByText(/[78] von \d+ Analysen sind abgeschlossen/)).toBeVisible();
    await expect(finish.getByText(/noch offen/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'finish modal');
    await finish.getByRole('button', { name: 'Analysephase beenden' }).press('Enter');
    await expect(page).toHaveURL(/\/evaluation\/details\/[0-9a-f-]+\/risks/);
    const uuid = /details\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? '';
    await expect(page.getByRole('heading', { name: 'Psychische Belastung 2026 · Produktion' })).toBeVisible();
    await expect(page.getByText('Risiken erstellt').first()).toBeVisible();
    // A survey names nobody.
    await expect(page.getByText(/keine einzelne Antwort ist einer Person zuzuordnen/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}risks-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'risks tab');

    // A matrix cell filters the list to its risks.
    const risks = await call<{ items: { uuid: string; riskFactor: number; probability: number; severity: number }[] }>(
      page,
      'read-risk-list',
      { uuid, filter: {}, page: 1, perPage: 100, sortBy: 'riskFactor', sortDirection: 'desc' },
    );
    const top = risks.items[0];
    expect(top).toBeTruthy();
    const inCell = risks.items.filter(
      (risk) => risk.probability === top?.probability && risk.severity === top?.severity,
    ).length;
    const label = `${inCell} Risiken: ${PROBABILITY_DE[top?.probability ?? 1]}, ${SEVERITY_DE[top?.severity ?? 1]}, Risikofaktor ${(top?.probability ?? 0) + (top?.severity ?? 0)}`;
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/^Gefiltert: /)).toBeVisible();
    await expect(page.locator('tbody tr').filter({ has: page.locator('.ui-badge[data-level]') })).toHaveCount(inCell);
    await page.getByRole('button', { name: 'Filter entfernen' }).click();

    // Define a proposed action for the highest risk, by keyboard.
    await page
      .getByRole('button', { name: /^Maßnahme festlegen für: / })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    const define = page.getByTestId('define-risk-action');
    await expect(define.getByRole('radio', { name: 'Vorgeschlagene Maßnahme übernehmen' })).toBeChecked();
    // The responsible member: the shared member picker in its one-member mode, by keyboard.
    await define.getByRole('combobox', { name: /^Verantwortlich/ }).fill('mitarb');
    await expect(define.getByRole('option', { name: /Mitarbeiter, Mara/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(define.getByRole('button', { name: 'Mara Mitarbeiter aus der Auswahl entfernen' })).toBeVisible();
    await define.getByLabel(/^Fällig am/).fill(inDays(14));
    await define.getByLabel('Notiz').fill('Im Teamgespräch vorstellen');
    await page.screenshot({ path: `${SCREENSHOTS}define-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'define action');
    await define.getByRole('button', { name: 'Maßnahme hinzufügen' }).press('Enter');
    await expect(page.getByText('Die Maßnahme wurde festgelegt.')).toBeVisible();
    await expect(define).toBeHidden();

    // The second risk is marked not relevant in the modal; the remaining ones through the same call.
    await page
      .getByRole('button', { name: /^Maßnahme festlegen für: / })
      .nth(1)
      .click();
    const second = page.getByTestId('define-risk-action');
    await second.getByRole('radio', { name: 'Risiko als nicht relevant markieren' }).check();
    await second.getByLabel('Begründung').fill('Durch Betriebsvereinbarung geregelt');
    await second.getByRole('button', { name: 'Als nicht relevant markieren' }).click();
    await expect(page.getByText('Das Risiko wurde als nicht relevant markiert.')).toBeVisible();
    const left = await call<{
      items: { uuid: string; riskFactor: number; actionCount: number; notRelevant: boolean }[];
    }>(page, 'read-risk-list', {
      uuid,
      filter: {},
      page: 1,
      perPage: 100,
      sortBy: 'riskFactor',
      sortDirection: 'desc',
    });
    // While risks still wait for an action, the button says how many before anything opens.
    const undecided = left.items.filter(
      (each) => each.riskFactor > 2 && each.actionCount === 0 && !each.notRelevant,
    ).length;
    expect(undecided).toBeGreaterThan(1);
    const confirmAll = page.getByRole('button', { name: 'Alle Maßnahmen bestätigen' });
    await expect(page.getByText(`Noch ${undecided} Risiken ohne Maßnahme`, { exact: true })).toBeVisible();
    await expect(confirmAll).toBeDisabled();
    await expect(confirmAll).toHaveAccessibleDescription(`Noch ${undecided} Risiken ohne Maßnahme`);
    await expect(page.getByTestId('confirm-risk-actions')).toBeHidden();
    for (const risk of left.items.filter(
      (each) => each.riskFactor > 2 && each.actionCount === 0 && !each.notRelevant,
    )) {
      await call(page, 'set-risk-not-relevant', { uuid: risk.uuid, notRelevant: true, reason: null });
    }
    await page.reload();

    // Confirm all actions: nothing left without an action, so no hint.
    await expect(page.getByRole('button', { name: 'Alle Maßnahmen bestätigen' })).toBeEnabled();
    await expect(page.getByText(/Risiken? ohne Maßnahme$/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Alle Maßnahmen bestätigen' }).click();
    const confirm = page.getByTestId('confirm-risk-actions');
    await expectNoSeriousAxeViolations(page, 'confirm modal');
    await confirm.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByText('Die Maßnahmen sind vereinbart.')).toBeVisible();
    await expect(page.getByText('Maßnahmen vereinbart').first()).toBeVisible();

    // The actions tab: mark the action done.
    await page.locator('.ui-tabs').getByRole('link', { name: 'Maßnahmen' }).click();
    await expect(page).toHaveURL(/\/risk-actions/);
    await expect(page.getByText('Im Teamgespräch vorstellen')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}actions-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'actions tab');

    // The action list opens in a window of its own, in the print layout without the support chat.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('open-action-list').click()]);
    await popup.waitForLoadState('networkidle');
    await expect(popup.locator('main.shell-print[data-orientation="landscape"]')).toBeVisible();
    await expect(popup.getByText('Maßnahme 1 von 1')).toBeVisible();
    await expect(popup.locator('#support-chat-script')).toHaveCount(0);
    await expect(popup.locator('nav')).toHaveCount(0);
    await popup.screenshot({ path: `${SCREENSHOTS}action-list-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(popup, 'action list');
    const [download] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByRole('button', { name: 'Als PDF exportieren' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    // On one line: a cell wrapped over several lines reads as it was written.
    const text = pdfText(await readFile(path)).replace(/\n/g, ' ');
    expect(text).toContain('Dashboard');
    expect(text).toContain('Maßnahmenliste: Psychische Belastung 2026 (Produktion)');
    expect(text).toContain('1 von 1');
    expect(text).toContain('Im Teamgespräch vorstellen');
    const [xlsx] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByRole('button', { name: 'Als Excel exportieren' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    await popup.close();

    await page.getByRole('button', { name: /^Als erledigt markieren: / }).click();
    const complete = page.getByTestId('complete-risk-action');
    await expectNoSeriousAxeViolations(page, 'complete modal');
    await complete.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await expect(page.getByText(/Alle Maßnahmen sind erledigt/)).toBeVisible();
    await expect(page.locator('.ra-summary').getByText('Abgeschlossen', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alle Maßnahmen bestätigen' })).toHaveCount(0);
  });

  test('English: the seeded inspection names who assessed; members see the agreed actions of their unit', async ({
    page,
    browser,
  }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/apps/risk-assessments/evaluation/list');
    await switchLanguage(page, 'en_GB');
    const english = page.getByRole('heading', { name: 'Evaluations', level: 1 });
    await expect(english).toBeVisible();
    await expect(page.getByText('9–10 · Very high')).toBeVisible();
    const row = page.getByRole('row', { name: /Bildschirmarbeitsplätze.*Verwaltung/ });
    await expect(row.getByText('Actions agreed')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}list-en.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'evaluation list (en)');
    await row.getByRole('link', { name: 'Bildschirmarbeitsplätze' }).click();
    await expect(page.getByText('Assessed by')).toBeVisible();
    await expect(page.getByRole('table', { name: /Risk matrix/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Fatal' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Almost certain' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}risks-en.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'risks tab (en)');
    await page.locator('.ui-tabs').getByRole('link', { name: 'Risk actions' }).click();
    await expect(page.getByText(/Mit der Fachkraft für Arbeitssicherheit abgestimmt/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}actions-en.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'actions tab (en)');
    // Edit an open action: a new due date.
    await page
      .getByRole('button', { name: /^Edit: / })
      .first()
      .click();
    const edit = page.getByTestId('edit-risk-action');
    await edit.getByLabel(/^Due on/).fill(inDays(60));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The action has been saved.')).toBeVisible();

    // A member of Verwaltung sees the agreed actions on My analyses (read-only).
    const owners = await call<{ items: { responsibleName: string }[] }>(page, 'read-risk-action-list', {
      uuid: /details\/([0-9a-f-]+)\//.exec(page.url())?.[1],
      filter: {},
      page: 1,
      perPage: 25,
      sortBy: 'dueDate',
      sortDirection: 'asc',
    });
    expect(owners.items.length).toBe(3);
    const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, 'acme', 'member');
    await memberPage.goto('/dashboard/apps/risk-assessments/my-analyses');
    await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
    const agreed = memberPage.getByTestId('agreed-actions');
    await expect(agreed.getByRole('heading', { name: 'Vereinbarte Maßnahmen in meinem Bereich' })).toBeVisible();
    await expect(agreed.locator('li')).not.toHaveCount(0);
    const agreedCount = await agreed.locator('li').count();
    await memberPage.screenshot({ path: `${SCREENSHOTS}my-analyses-de.png`, fullPage: true });
    // The start page's risk-assessment tab shows the same actions.
    await memberPage.goto('/dashboard/start/overview/risk-assessments');
    await expect(memberPage.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
    await expect(memberPage.getByTestId('agreed-actions').locator('li')).toHaveCount(agreedCount);
    await memberPage.screenshot({ path: `${SCREENSHOTS}start-agreed-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(memberPage, 'start page with agreed actions');
    await memberContext.close();
    // The admin's language is kept in his profile: back to German for the spec files after this one.
    await switchLanguage(page, 'de_DE');
  });
});
