/**
 * The licensee console end to end: a licensee admin signs in at /auth/licensee, creates a client with e-learnings
 * switched on and sees it in the list; the client's first super-admin sets a password from the welcome mail (a real
 * SMTP server receives it) and finds e-learnings in the sidebar; deactivating the client refuses his sign-in with its
 * own message. In German and English, at 1280 and 390 px. Member and licensee sessions never open each other's
 * areas.
 */
import { expect, type Page, test } from '@playwright/test';
import { resetLink, startSmtpServer } from '../../server/test/smtp';
import { MAIN_PORT, SMTP_PORT } from '../playwright.config';
import {
  expectNoSeriousAxeViolations,
  recordRemoteDownloads,
  signIn,
  signInAsLicensee,
  switchLanguage,
} from './helpers';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/licensee-${name}.png`, fullPage: true });

const clientRows = (page: Page) => page.locator('tbody tr');

test('a licensee admin creates a client with e-learnings on; its super-admin signs in from the welcome mail; deactivation refuses him', async ({
  page,
  browser,
}) => {
  const downloads = recordRemoteDownloads(page);
  await page.goto('/auth/licensee');
  await expect(page.getByRole('heading', { name: 'Anmeldung für Lizenznehmer' })).toBeVisible();
  await shot(page, 'sign-in-de-1280');
  // A wrong password: the licensee's own message, the password emptied.
  await page.locator('input[name=licenseeIdentifier]').fill('dashboard');
  await page.locator('input[name=username]').fill('lizenz.admin');
  await page.locator('input[name=password]').fill('Falsch#2026');
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('login-error')).toContainText('Lizenznehmer-ID');
  await expect(page.locator('input[name=password]')).toHaveValue('');

  await signInAsLicensee(page);
  await expect(page.getByTestId('header-role')).toHaveText('Lizenznehmer-Administrator');
  await expect(page.getByTestId('header-name')).toHaveText('Lena Lizenz');
  await expect(page.locator('[data-nav-id="licensee-clients"]')).toHaveText('Kunden');
  // Only the default licensee's clients.
  await expect(clientRows(page).filter({ hasText: 'ACME Sicherheit GmbH' })).toHaveCount(1);
  await expect(clientRows(page).filter({ hasText: 'Globex Logistik AG' })).toHaveCount(1);
  await expect(clientRows(page).filter({ hasText: 'Initech' })).toHaveCount(0);
  await shot(page, 'list-de-1280');
  await expectNoSeriousAxeViolations(page, 'client list');
  // The members' areas are never downloaded for licensee staff.
  expect([...downloads].sort()).toEqual(['mf-auth', 'mf-licensee']);

  await page.getByTestId('add-client').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients\/new$/);
  const form = page.getByTestId('create-client-form');
  // The rules show before anything is sent: the company ID's own message.
  await form.getByLabel('Firmen-ID').fill('1-falsch');
  await form.getByLabel('Firmenname').click();
  await expect(form.getByText('Firmen-ID', { exact: false }).locator('..').getByRole('alert')).toBeVisible();
  await form.getByLabel('Firmenname').fill('Nordlicht Logistik GmbH');
  await form.getByLabel('Firmen-ID').fill('acme');
  await form.getByLabel('Straße und Hausnummer').fill('Am Kai 7');
  await form.getByLabel('PLZ').fill('24103');
  await form.getByLabel('Ort').fill('Kiel');
  await form.getByLabel('Mitarbeiterlimit').fill('250');
  await form.getByLabel('E-Learnings').check();
  await form.getByLabel('Vorname').fill('Nora');
  await form.getByLabel('Nachname').fill('Nordmann');
  await form.getByLabel('E-Mail').click();
  // The username is generated from the name (spec section 5).
  await expect(form.getByLabel('Benutzername')).toHaveValue('nora.nordmann');
  await form.getByLabel('E-Mail').fill('nora.nordmann@nordlicht.example');
  await shot(page, 'create-de-1280');
  await expectNoSeriousAxeViolations(page, 'create client');
  // A company ID that is taken: the spec's "identifier exists", nothing created.
  await page.getByTestId('create-client-submit').click();
  await expect(page.getByTestId('create-client-error')).toHaveText('Diese Firmen-ID ist bereits vergeben.');
  await form.getByLabel('Firmen-ID').fill('nordlicht');
  const since = smtp.mails.length;
  await page.getByTestId('create-client-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients$/);
  await expect(page.getByTestId('toast-success')).toContainText('Nordlicht Logistik GmbH wurde angelegt');
  const row = clientRows(page).filter({ hasText: 'Nordlicht Logistik GmbH' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('nordlicht');
  await expect(row).toContainText('1 / 250');
  await expect(row).toContainText('E-Learnings');
  await expect(row).toContainText('Aktiv');
  // Searching finds it by its company ID.
  await page.getByRole('searchbox').fill('nordl');
  await expect(clientRows(page)).toHaveCount(1);
  await expect(clientRows(page).first()).toContainText('Nordlicht Logistik GmbH');

  // The first super-admin sets a password from the welcome mail and finds the e-learnings in the sidebar.
  const mail = await smtp.waitForMail('nora.nordmann@nordlicht.example', since);
  expect(mail.decoded).toContain('Firmen-ID: nordlicht');
  expect(mail.decoded).toContain('Benutzername: nora.nordmann');
  const member = await browser.newPage({ baseURL: `http://localhost:${MAIN_PORT}` });
  await member.goto(resetLink(mail));
  await member.locator('input[name=password]').fill('Nordlicht#2026');
  await member.locator('input[name=passwordConfirmation]').fill('Nordlicht#2026');
  await member.locator('button[type=submit]').click();
  await expect(member).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(member.getByTestId('header-role')).toHaveText('Super-Administrator');
  await expect(
    member.locator('[data-nav-id="apps-elearnings-my"], button:has-text("E-Learnings")').first(),
  ).toBeVisible();
  await member.getByTestId('logout').click();
  await expect(member).toHaveURL(/\/auth\/login/);

  // Deactivated: the client's members are refused with their own message; reactivated: let in again.
  await row.getByRole('link', { name: 'Nordlicht Logistik GmbH' }).click();
  await expect(page.getByTestId('client-summary')).toContainText('nordlicht');
  await shot(page, 'details-de-1280');
  await page.getByTestId('deactivate-client').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(page.getByTestId('client-summary')).toContainText('Deaktiviert');
  await member.goto('/auth/login/nordlicht');
  await member.locator('input[name=username]').fill('nora.nordmann');
  await member.locator('input[name=password]').fill('Nordlicht#2026');
  await member.locator('button[type=submit]').click();
  await expect(member.getByTestId('login-error')).toHaveText(
    'Das Unternehmen ist deaktiviert. Eine Anmeldung ist derzeit nicht möglich; bitte wenden Sie sich an Ihren Anbieter.',
  );
  await page.getByTestId('reactivate-client').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reaktivieren' }).click();
  await expect(page.getByTestId('client-summary')).toContainText('Aktiv');
  await member.locator('input[name=password]').fill('Nordlicht#2026');
  await member.locator('button[type=submit]').click();
  await expect(member).toHaveURL(/\/dashboard\/start\/overview/);
  await member.close();
});

test('in English and on a phone: the partner licensee sees only its own clients and edits one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const partner = `http://partner.localhost:${MAIN_PORT}`;
  await page.goto(`${partner}/auth/licensee`);
  await switchLanguage(page, 'en_GB');
  await expect(page.getByRole('heading', { name: 'Licensee sign-in' })).toBeVisible();
  await shot(page, 'sign-in-en-390');
  await signInAsLicensee(page, { licensee: 'safeguard', username: 'partner.admin', baseURL: partner });
  await expect(page.getByTestId('header-role')).toHaveText('Licensee administrator');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(clientRows(page)).toHaveCount(1);
  await expect(clientRows(page).first()).toContainText('Initech Ltd');
  await shot(page, 'list-en-390');
  await page.getByTestId('add-client').click();
  await expect(page.getByRole('heading', { name: 'Add client' })).toBeVisible();
  await shot(page, 'create-en-390');
  await page.goBack();
  await clientRows(page).first().getByRole('link', { name: 'Initech Ltd' }).click();
  const form = page.getByTestId('client-form');
  await form.getByLabel('Risk assessments').uncheck();
  await form.getByLabel('Member limit').fill('40');
  await shot(page, 'details-en-390');
  await page.getByTestId('client-save').click();
  await expect(page.getByTestId('toast-success').last()).toContainText("The client's details have been saved.");
  await expect(page.getByTestId('client-summary')).toContainText('1 / 40');
  // Back as it was, for the other tests.
  await form.getByLabel('Risk assessments').check();
  await form.getByLabel('Member limit').fill('');
  await page.getByTestId('client-save').click();
  await expect(page.getByTestId('client-summary')).not.toContainText('/ 40');
});

test("members never open the licensee console, and licensee staff never the members' pages", async ({ page }) => {
  const downloads = recordRemoteDownloads(page);
  await signIn(page, 'acme', 'super.admin');
  await page.goto('/dashboard/licensee/clients');
  await expect(page.getByTestId('toast-danger')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  expect(downloads.has('mf-licensee')).toBe(false);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await signInAsLicensee(page, { username: 'berater' });
  await expect(page.getByTestId('header-role')).toHaveText('Kundenberater');
  // The customer adviser reads only: no "add", no save, fields disabled.
  await expect(page.getByTestId('add-client')).toHaveCount(0);
  await clientRows(page).filter({ hasText: 'Globex Logistik AG' }).getByRole('link').click();
  await expect(page.getByTestId('client-summary')).toContainText('globex');
  await expect(page.getByTestId('client-save')).toHaveCount(0);
  await expect(page.getByTestId('client-form').getByLabel('Firmenname')).toBeDisabled();
  await page.goto('/dashboard/company/members/list');
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients/);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/licensee$/);
});

test('a flag switched in the console reaches a signed-in admin without signing in again: on within a heartbeat, off with a notice', async ({
  page,
  browser,
}) => {
  // Globex has e-learnings only. Its admin stays signed in on another page; its clock is ours, so that the
  // heartbeat's 30 seconds pass at once.
  const admin = await browser.newPage({ baseURL: `http://localhost:${MAIN_PORT}` });
  await admin.clock.install();
  await signIn(admin, 'globex', 'admin');
  const nav = admin.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('button', { name: 'E-Learnings' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Gefährdungsbeurteilungen' })).toHaveCount(0);

  await signInAsLicensee(page);
  await clientRows(page).filter({ hasText: 'Globex Logistik AG' }).getByRole('link').click();
  const form = page.getByTestId('client-form');
  const save = async () => {
    await page.getByTestId('client-save').click();
    await expect(page.getByTestId('toast-success').last()).toBeVisible();
  };
  try {
    await form.getByLabel('Gefährdungsbeurteilungen').check();
    await save();
    // Switched on: the next heartbeat (at most 30 s later) brings it into the sidebar; no reload, no sign-in.
    await admin.clock.fastForward(31_000);
    await expect(nav.getByRole('button', { name: 'Gefährdungsbeurteilungen' })).toBeVisible();
    await nav.getByRole('button', { name: 'Gefährdungsbeurteilungen' }).click();
    await nav.getByRole('link', { name: 'Katalog' }).last().click();
    await expect(admin).toHaveURL(/\/dashboard\/apps\/risk-assessments\/catalog\/list/);
    await expect(admin.getByRole('heading', { name: 'Katalog der Gefährdungsbeurteilungen' })).toBeVisible();

    // Switched off while the admin is on its page: a notice names it and the start page replaces it.
    await form.getByLabel('Gefährdungsbeurteilungen').uncheck();
    await save();
    await admin.clock.fastForward(31_000);
    await expect(admin.getByTestId('toast-warning')).toContainText(
      'Der Bereich „Gefährdungsbeurteilungen“ ist für Ihr Unternehmen nicht mehr freigeschaltet.',
    );
    await expect(admin).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(nav.getByRole('button', { name: 'Gefährdungsbeurteilungen' })).toHaveCount(0);
    await expect(admin.getByTestId('logout')).toBeVisible();
  } finally {
    // As it was, for the other tests.
    if (await form.getByLabel('Gefährdungsbeurteilungen').isChecked()) {
      await form.getByLabel('Gefährdungsbeurteilungen').uncheck();
      await save();
    }
    await admin.close();
  }
});
