/**
 * Licensee staff in the browser: a licensee admin adds a staff member on the console's staff page, the invitation
 * arrives at the SMTP server the tests run, the new staff member sets a password with its link and signs in; a
 * staff member's forgotten password ("Passwort vergessen?" on /auth/licensee); an adviser ends his support session
 * from the banner and is back in the console, where the session shows who ended it. German and English, 1280 and
 * 390 px.
 */
import { expect, type Page, test } from '@playwright/test';
import type { ReceivedMail } from '../../server/test/smtp';
import { startSmtpServer } from '../../server/test/smtp';
import { MAIN_PORT, SMTP_PORT } from '../playwright.config';
import { signInAsLicensee } from './helpers';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

/** A screenshot once the sidebar has come to rest (it slides in when the page grows past 768 px). */
async function shot(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 0) >= 768 && (await page.locator('#shell-sidebar').count()) > 0) {
    await expect.poll(async () => (await page.locator('#shell-sidebar').boundingBox())?.x ?? 0).toBe(0);
  }
  await page.screenshot({ path: `../test-results/screenshots/licensee-staff-${name}.png`, fullPage: true });
}

function staffLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/auth\/licensee\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.decoded);
  if (!match) throw new Error(`no set-password link in ${mail.decoded}`);
  return match[0];
}

async function setPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByTestId('reset-password-licensee')).toBeVisible();
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=passwordConfirmation]').fill(password);
  await page.locator('button[type=submit]').click();
}

test('a licensee admin adds a staff member, who sets a password from the invitation and signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const username = `sina.support${suffix}`;
  const address = `sina.${suffix}@dashboard.example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsLicensee(page);
  await page.locator('[data-nav-id="licensee-staff"]').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/staff/);
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: 'Bernd Berater' })).toContainText('Kundenberater');
  // The own account cannot be deactivated from here.
  await expect(page.getByTestId('staff-deactivate-lizenz.admin')).toHaveCount(0);
  await shot(page, 'list-de-1280');

  await page.getByTestId('add-staff').click();
  const dialog = page.getByTestId('create-staff-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name=firstName]').fill('Sina');
  await dialog.locator('input[name=lastName]').fill('Support');
  await dialog.locator('input[name=email]').fill(address);
  await dialog.locator('input[name=username]').fill(username);
  await shot(page, 'create-de-1280');
  const since = smtp.mails.length;
  await page.getByTestId('create-staff-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tbody tr').filter({ hasText: username });
  await expect(row).toContainText('eingeladen');

  const mail = await smtp.waitForMail(address, since);
  expect(mail.subject).toBe('Willkommen bei Dashboard');
  expect(mail.decoded).toContain('Lizenznehmer-ID: dashboard');
  expect(mail.decoded).toContain(`Benutzername: ${username}`);
  const link = staffLink(mail);
  expect(link.startsWith(`http://localhost:${MAIN_PORT}/auth/licensee/reset-password/`)).toBe(true);

  // The new staff member, in a browser of her own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const own = await context.newPage();
  await own.setViewportSize({ width: 390, height: 844 });
  await setPassword(own, link, 'Sina#Start2026');
  await expect(own).toHaveURL(/\/dashboard\/licensee\/clients/);
  await expect(own.getByTestId('header-name')).toHaveText('Sina Support');
  // An adviser has no staff page.
  await expect(own.locator('[data-nav-id="licensee-staff"]')).toHaveCount(0);
  await own.getByTestId('logout').click();
  await expect(own).toHaveURL(/\/auth\/licensee/);
  await signInAsLicensee(own, { username, password: 'Sina#Start2026' });
  await expect(own.getByTestId('header-name')).toHaveText('Sina Support');
  await context.close();

  // Back in the admin's list: a password now, and the role can change.
  await page.reload();
  await expect(row).not.toContainText('eingeladen');
  await page.getByTestId(`staff-role-${username}`).selectOption('licensee-admin');
  await expect(page.getByTestId(`staff-role-${username}`)).toHaveValue('licensee-admin');
  await page.getByTestId(`staff-deactivate-${username}`).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(row).toContainText('Deaktiviert');
  // The confirmation has closed (not caught half-faded in the screenshots).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'list-de-390');
  // The language switch is in the header at full width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('language-switch').selectOption('en_GB');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await shot(page, 'list-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'list-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('add-staff').click();
  await expect(page.getByTestId('create-staff-dialog')).toBeVisible();
  await shot(page, 'create-en-1280');
});

test('a staff member who forgot the password gets a link on /auth/licensee', async ({ page }) => {
  // The white-label partner's adviser, at the partner's host (no other spec signs in as him): the link in the mail
  // points at that host too.
  const partner = `http://partner.localhost:${MAIN_PORT}`;
  await page.goto(`${partner}/auth/licensee`);
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/auth\/licensee\/forgot-password$/);
  await page.locator('input[name=licenseeIdentifier]').fill('safeguard');
  await page.locator('input[name=username]').fill('adviser');
  await shot(page, 'forgot-partner-1280');
  const since = smtp.mails.length;
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  const mail = await smtp.waitForMail('adviser@safeguard.example.com', since);
  expect(mail.decoded).toContain('Licensee ID: safeguard');
  const link = staffLink(mail);
  expect(link.startsWith(`${partner}/auth/licensee/reset-password/`)).toBe(true);
  await setPassword(page, link, 'Adviser#New2026');
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients/);
  await expect(page.getByTestId('header-name')).toHaveText('Adam Adviser');
});

test('an adviser ends his support session from the banner and is back in the console', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsLicensee(page, { username: 'berater' });
  await page.goto('/dashboard/licensee/clients');
  // globex: licensee-support.spec.ts counts the adviser's sign-ins in acme's support audit.
  await page.locator('tbody tr').filter({ hasText: 'Globex Logistik AG' }).getByRole('link').first().click();
  await page.getByTestId('open-support').click();
  await page.getByTestId('open-support-dialog').locator('input[name=reason]').fill('Ticket 5150: Schulung');
  await page.getByTestId('open-support-confirm').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  const banner = page.getByTestId('support-banner');
  await expect(banner).toContainText('Ticket 5150');
  await expect(banner.getByTestId('end-support')).toHaveText('Support-Sitzung beenden');
  await shot(page, 'banner-de-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'banner-de-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('language-switch').selectOption('en_GB');
  await expect(banner.getByTestId('end-support')).toHaveText('End support session');
  await shot(page, 'banner-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'banner-en-390');

  await banner.getByTestId('end-support').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/support-sessions/);
  await expect(page.getByTestId('header-name')).toHaveText('Bernd Berater');
  const ended = page.locator('tbody tr').filter({ hasText: 'Ticket 5150' }).first();
  await expect(ended).toContainText('ended');
  await expect(ended).toContainText('by Bernd Berater');
  await expect(ended.getByTestId('end-support-session')).toHaveCount(0);
  await shot(page, 'sessions-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'sessions-en-1280');
  await page.getByTestId('language-switch').selectOption('de_DE');
  await expect(ended).toContainText('beendet');
  await shot(page, 'sessions-de-1280');
  // The support session is gone: its pages answer the sign-in.
  await page.goto('/dashboard/company/members/list');
  await expect(page).not.toHaveURL(/\/dashboard\/company\/members\/list/);
});
