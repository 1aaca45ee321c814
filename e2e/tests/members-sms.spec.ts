/**
 * Password mode "by SMS" end to end: acme's admin adds a member in the browser, the main server sends the welcome
 * SMS through Twilio's Messages API to the catcher started here (playwright.config.ts points SMS_URL at it), the SMS
 * carries the licensee's footer and the set-password link, and the new member sets a password through it and signs
 * in. A provider failure is told in the modal, which stays open, and adds nobody.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { smsResetLink, startSmsCatcher } from '../../server/test/smsCatcher';
import { SMS_PORT } from '../playwright.config';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

let catcher: Awaited<ReturnType<typeof startSmsCatcher>>;

test.beforeAll(async () => {
  catcher = await startSmsCatcher(SMS_PORT);
});

test.afterAll(async () => {
  await catcher?.close();
});

/** Archives and deletes the member this test added (the member list's tests count the demo members). */
async function removeMember(page: Page, uuid: string) {
  const cookies = await page.context().cookies();
  const headers = { 'X-XSRF-TOKEN': cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' };
  for (const path of ['/api/memberlist/archivemember', '/api/archivedmember/deletemember']) {
    const response = await page.request.post(path, { data: { uuids: [uuid] }, headers });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The new member, in a browser of her own: the link sets the password and signs her in; then she signs in again. */
async function setPasswordAndSignIn(browser: Browser, link: string, username: string, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(link);
    await page.locator('input[name=password]').fill('Erstes#SmsPasswort1');
    await page.locator('input[name=passwordConfirmation]').fill('Erstes#SmsPasswort1');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByTestId('header-name')).toContainText(firstName);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goto('/auth/login/acme');
    await page.locator('input[name=username]').fill(username);
    await page.locator('input[name=password]').fill('Erstes#SmsPasswort1');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByTestId('header-name')).toContainText(firstName);
  } finally {
    await context.close();
  }
}

test('in German: add a member by SMS; a provider failure adds nobody; the SMS link sets the password', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString().slice(-6);
  const lastName = `Smsgruß${suffix}`;
  const username = `svenja.smsgruss${suffix}`;
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/list');
  await page.getByTestId('add-member').click();
  const modal = page.getByTestId('add-member-modal');
  await modal.getByLabel('Vorname').fill('Svenja');
  await modal.getByLabel('Nachname').fill(lastName);
  await expect(modal.getByLabel('Benutzername')).toHaveValue(username);
  await modal.getByLabel('Passwort festlegen').selectOption({ label: 'Per SMS – der Mitarbeiter legt es selbst fest' });
  // Without a mobile number the modal says what is missing and sends nothing.
  const attempts = catcher.attempts;
  await modal.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(modal.getByText('Für den Versand per SMS wird eine Mobilnummer benötigt.')).toBeVisible();
  expect(catcher.attempts).toBe(attempts);
  await modal.getByLabel('Passwort festlegen').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('add-sms-mobile-needed-de.png') });

  // The provider fails: the modal tells so and stays open, and nobody was added.
  await modal.getByLabel('Mobil').fill('0171 5550123');
  catcher.failNext({ status: 500, code: 20500 });
  await modal.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(modal.getByTestId('add-member-error')).toHaveText(
    'Die SMS konnte nicht versendet werden; der Mitarbeiter wurde nicht angelegt. Bitte versuchen Sie es später erneut oder wählen Sie eine andere Passwort-Option.',
  );
  await expect(modal).toBeVisible();
  expect(catcher.attempts).toBe(attempts + 1);
  await expectNoSeriousAxeViolations(page, '[data-testid=add-member-modal]', '[data-testid=add-member-modal]');
  await modal.getByTestId('add-member-error').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('add-sms-failed-de.png') });

  // Again, with the provider back: added, and the SMS arrives with the link and the licensee's footer.
  const since = catcher.messages.length;
  await modal.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText(`Svenja ${lastName} wurde angelegt und hat eine SMS mit dem Link`)).toBeVisible();
  await expect(page).toHaveURL(/\/members\/details\/[0-9a-f-]+\/details/);
  const uuid = /\/members\/details\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? '';
  try {
    const sms = await catcher.waitForSms('+491715550123', since);
    expect(sms.body).toContain('Dashboard: Hallo Svenja, für Sie wurde ein Konto bei ACME Sicherheit GmbH angelegt.');
    expect(sms.body).toContain(`Firmen-ID: acme, Benutzername: ${username}.`);
    expect(sms.body.endsWith('\n\nDashboard GmbH · Hilfe/Help: dashboard.example.com/hilfe')).toBe(true);
    // Only one member of that name: the failed attempt left none behind.
    await page.goto(`/dashboard/company/members/list?f.search=${lastName}`);
    await expect(page.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(1);
    await setPasswordAndSignIn(browser, smsResetLink(sms), username, 'Svenja');
  } finally {
    await removeMember(page, uuid);
  }
});

test('in English: add an English-speaking member by SMS; the SMS is in English and the link sets the password', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString().slice(-6);
  const lastName = `Texter${suffix}`;
  const username = `oliver.texter${suffix}`;
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/list');
  await switchLanguage(page, 'en_GB');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  let uuid = '';
  try {
    await page.getByTestId('add-member').click();
    const modal = page.getByTestId('add-member-modal');
    await modal.getByLabel('First name').fill('Oliver');
    await modal.getByLabel('Last name').fill(lastName);
    await expect(modal.getByLabel('Username')).toHaveValue(username);
    await modal.getByLabel('Language').selectOption('en_GB');
    await modal.getByLabel('Mobile').fill('+44 7911 123456');
    await modal.getByLabel('Set the password').selectOption({ label: 'By SMS – the member chooses it' });
    await expectNoSeriousAxeViolations(page, '[data-testid=add-member-modal]', '[data-testid=add-member-modal]');
    await modal.getByLabel('Set the password').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('add-sms-en.png') });
    const since = catcher.messages.length;
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`Oliver ${lastName} has been added and sent an SMS with a link`)).toBeVisible();
    await expect(page).toHaveURL(/\/members\/details\/[0-9a-f-]+\/details/);
    uuid = /\/members\/details\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? '';
    const sms = await catcher.waitForSms('+447911123456', since);
    expect(sms.body).toContain('Dashboard: Hello Oliver, an account at ACME Sicherheit GmbH has been created for you.');
    expect(sms.body).toContain(`Company ID: acme, username: ${username}.`);
    expect(sms.body).toContain('(the link works for 7 days and only once)');
    expect(sms.body.endsWith('\n\nDashboard GmbH · Hilfe/Help: dashboard.example.com/hilfe')).toBe(true);
    // The history names the password mode in words.
    await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
    await expect(page.getByTestId('member-history')).toContainText('By SMS – the member chooses it');
    await setPasswordAndSignIn(browser, smsResetLink(sms), username, 'Oliver');
  } finally {
    if (uuid) await removeMember(page, uuid);
    await switchLanguage(page, 'de_DE');
  }
});
