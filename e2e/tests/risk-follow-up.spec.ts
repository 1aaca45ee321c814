import { expect, type Page, test } from '@playwright/test';
import { pdfText as pdfLines } from './elearning-player-pdf';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

/**
 * After "actions agreed" (docs/risk-assessment-follow-up.md), on the demo's inspection of the VDU workstations in
 * Verwaltung (actions agreed, the first one done a month ago): the admin checks its effectiveness ("not effective"
 * reopens the risk), signs the assessment off, starts round 2, defines the new action for Mara Mitarbeiter and agrees
 * the round again (start.spec.ts after this file finds the evaluation with its actions agreed). Mara marks it done and
 * checks it on "my actions".
 */
const SCREENSHOTS = '../test-results/screenshots/risk-follow-up-';
const API = '/api/risk-assessment';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function exportPdf(page: Page, uuid: string): Promise<string> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${API}/export-risk-action-list`, {
    data: { uuid, format: 'pdf', language: 'de_DE' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(response.status()).toBe(200);
  // On one line: a cell wrapped over several lines reads as it was written.
  return pdfLines(await response.body()).replace(/\n/g, ' ');
}

test('effectiveness check, sign-off and a new round; the responsible member checks his own action', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/apps/risk-assessments/evaluation/list');
  await page
    .getByRole('row', { name: /Bildschirmarbeitsplätze.*Verwaltung/ })
    .getByRole('link', { name: 'Bildschirmarbeitsplätze' })
    .click();
  await expect(page).toHaveURL(/\/evaluation\/details\/[0-9a-f-]+\/risks/);
  const round1 = /details\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? '';
  const signOff = page.getByTestId('sign-off');
  await expect(signOff.getByText('Runde 1')).toBeVisible();
  await expect(signOff.getByText('Noch nicht freigegeben.')).toBeVisible();

  // The action done a month ago: its check fell due two days ago and stands out; it is the only done action.
  await page.locator('.ui-tabs').getByRole('link', { name: 'Maßnahmen' }).click();
  await expect(page.getByTestId('check-due')).toHaveCount(1);
  await expect(page.getByTestId('check-due')).toHaveText(/^Prüfung fällig seit /);
  await page.getByRole('button', { name: /^Wirksamkeit prüfen: / }).click();
  const check = page.getByTestId('check-risk-action');
  await check.getByRole('radio', { name: 'Nicht wirksam' }).check();
  // "Not effective" needs a reason before it can be saved.
  await expect(check.getByRole('button', { name: 'Prüfung speichern' })).toBeDisabled();
  await check.getByLabel('Begründung (erforderlich)').fill('Die Bildschirme blenden weiterhin am Fensterplatz.');
  await page.screenshot({ path: `${SCREENSHOTS}check-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'effectiveness check');
  await check.getByRole('button', { name: 'Prüfung speichern' }).click();
  await expect(page.getByText(/Das Risiko ist wieder offen/)).toBeVisible();
  await expect(page.getByTestId('effectiveness').filter({ hasText: 'Nicht wirksam' })).toBeVisible();
  await expect(signOff.getByTestId('reopened-risks')).toContainText('1 Risiko braucht');
  await expect(signOff.getByTestId('check-summary')).toContainText('1 nicht wirksam');

  // Signed off with a comment: read-only, and the PDF says who and when.
  await signOff.getByRole('button', { name: 'Freigeben' }).click();
  const approve = page.getByTestId('approve-evaluation');
  await approve
    .getByLabel('Kommentar (optional)')
    .fill('Mit Betriebsrat und Fachkraft für Arbeitssicherheit abgestimmt');
  await expectNoSeriousAxeViolations(page, 'sign-off dialog');
  await approve.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Die Gefährdungsbeurteilung wurde freigegeben.')).toBeVisible();
  await expect(signOff.getByTestId('approval')).toContainText('Freigegeben von');
  await expect(signOff.getByTestId('reopened-risks')).toContainText('starten Sie dafür eine neue Runde');
  await expect(page.getByRole('button', { name: /^Bearbeiten: / })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}signed-off-de.png`, fullPage: true });
  const pdf = await exportPdf(page, round1);
  expect(pdf).toContain('Freigegeben von');
  expect(pdf).toContain('Kommentar: Mit Betriebsrat und Fachkraft für Arbeitssicherheit abgestimmt');
  expect(pdf).toContain('Nicht wirksam: Die Bildschirme blenden weiterhin am Fensterplatz.');

  // Round 2: a copy; round 1 stays as history.
  await signOff.getByRole('button', { name: 'Neue Runde starten' }).click();
  await page.getByTestId('start-evaluation-round').getByRole('button', { name: 'Neue Runde starten' }).click();
  await expect(page.getByText('Runde 2 wurde gestartet.')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(round1));
  await expect(signOff.getByText('Runde 2')).toBeVisible();
  await expect(signOff.getByTestId('previous-round')).toHaveText('Runde 1 ansehen');
  await page.locator('.ui-tabs').getByRole('link', { name: 'Risiken' }).click();
  await expect(page.getByText('Nicht wirksam – neue Maßnahme nötig')).toBeVisible();
  await page
    .getByRole('row', { name: /Nicht wirksam – neue Maßnahme nötig/ })
    .getByRole('button', { name: /^Maßnahme festlegen für: / })
    .click();
  const define = page.getByTestId('define-risk-action');
  await define.getByRole('radio', { name: 'Eigene Maßnahme beschreiben' }).check();
  await define.getByLabel(/^Maßnahme/).fill('Blendfreie Jalousien an den Fensterarbeitsplätzen anbringen');
  await define.getByRole('combobox', { name: /^Verantwortlich/ }).fill('mitarb');
  await expect(define.getByRole('option', { name: /Mitarbeiter, Mara/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await define.getByLabel(/^Fällig am/).fill(inDays(21));
  await define.getByRole('button', { name: 'Maßnahme hinzufügen' }).click();
  await expect(page.getByText('Die Maßnahme wurde festgelegt.')).toBeVisible();
  await page.getByRole('button', { name: 'Alle Maßnahmen bestätigen' }).click();
  await page.getByTestId('confirm-risk-actions').getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('Die Maßnahmen sind vereinbart.')).toBeVisible();
  await expect(signOff.getByText('Noch nicht freigegeben.')).toBeVisible();

  // Round 1 is history, with a link to the current round.
  await signOff.getByTestId('previous-round').click();
  await expect(page.getByTestId('round-history')).toContainText('Dies ist Runde 1');
  await expect(page.getByRole('button', { name: 'Neue Runde starten' })).toHaveCount(0);

  // Mara (acme/member): the start page counts her action; "my actions" carries it out and checks it.
  const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const member = await memberContext.newPage();
  await openSignedIn(member, 'acme', 'member');
  await member.goto('/dashboard/start/overview/risk-assessments');
  await expect(member.getByTestId('my-risk-actions')).toContainText('1 offene Maßnahme');
  await member.getByTestId('my-risk-actions').getByRole('link', { name: 'Öffnen' }).click();
  await expect(member.getByRole('heading', { name: 'Meine Maßnahmen', level: 1 })).toBeVisible();
  await expect(member.getByText('Blendfreie Jalousien an den Fensterarbeitsplätzen anbringen')).toBeVisible();
  await member.screenshot({ path: `${SCREENSHOTS}my-actions-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(member, 'my actions');
  await member.getByRole('button', { name: /^Als erledigt markieren: Blendfreie/ }).click();
  await member.getByTestId('complete-risk-action').getByRole('button', { name: 'Als erledigt markieren' }).click();
  await expect(member.getByText('Sie haben keine offenen Maßnahmen.')).toBeVisible();
  await member.getByTestId('my-actions-checkDue').click();
  await member.getByRole('button', { name: /^Wirksamkeit prüfen: Blendfreie/ }).click();
  const memberCheck = member.getByTestId('check-risk-action');
  await memberCheck.getByRole('radio', { name: 'Wirksam', exact: true }).check();
  await memberCheck.getByRole('button', { name: 'Prüfung speichern' }).click();
  await expect(member.getByText('Die Wirksamkeitsprüfung wurde gespeichert.')).toBeVisible();
  await member.getByTestId('my-actions-checked').click();
  await expect(member.getByTestId('effectiveness').filter({ hasText: 'Wirksam' })).toBeVisible();

  // English.
  await switchLanguage(member, 'en_GB');
  await expect(member.getByRole('heading', { name: 'My actions', level: 1 })).toBeVisible();
  await expect(member.getByTestId('my-actions-checked')).toHaveText('Checked (1)');
  await member.screenshot({ path: `${SCREENSHOTS}my-actions-en.png`, fullPage: true });
  await switchLanguage(member, 'de_DE');
  await memberContext.close();
});
