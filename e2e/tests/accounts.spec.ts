/**
 * Accounts end to end: forgotten password by mail (a real SMTP server on 2525 receives what the server sends),
 * support login by a signed link from the support-link command, and every profile tab in both languages.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { resetLink, startSmtpServer } from '../../server/test/smtp';
import { MAIN_PORT, SMTP_PORT } from '../playwright.config';
import { openSignedIn, PASSWORD, switchLanguage } from './helpers';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

test('forgotten password: sign-in page -> request -> mail -> link -> new password -> signed in', async ({ page }) => {
  // A seeded acme staff member (index 1 of the demo data), German; e-mail username@acme.example.
  const username = 'ben.hoffmann';
  await page.goto('/auth/login/acme');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/auth\/forgot-password\/acme$/);
  await page.locator('input[name=username]').fill(username);
  const since = smtp.mails.length;
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  const mail = await smtp.waitForMail(`${username}@acme.example`, since);
  expect(mail.subject).toContain('Passwort zurücksetzen');
  expect(mail.decoded).toContain('Firmen-ID: acme');
  expect(mail.decoded).toContain(`Benutzername: ${username}`);
  expect(mail.decoded).toContain(`http://localhost:${MAIN_PORT}/auth/login/acme`);
  const link = resetLink(mail);
  expect(link.startsWith(`http://localhost:${MAIN_PORT}/auth/reset-password/`)).toBe(true);

  await page.goto(link);
  // The browser applies the password rule before anything is sent.
  await page.locator('input[name=password]').fill('short');
  await page.locator('input[name=passwordConfirmation]').fill('short');
  await page.locator('button[type=submit]').click();
  await expect(page.getByText('mindestens 8 Zeichen', { exact: false }).first()).toBeVisible();
  // The current password was used before: the spec's message.
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=passwordConfirmation]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('reset-error')).toContainText('bereits verwendet');

  await page.locator('input[name=password]').fill('Neu#Start2026');
  await page.locator('input[name=passwordConfirmation]').fill('Neu#Start2026');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.getByTestId('header-name')).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.locator('input[name=password]').fill('Noch#Einmal2026');
  await page.locator('input[name=passwordConfirmation]').fill('Noch#Einmal2026');
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('reset-error')).toHaveText('Der Link ist ungültig oder wurde bereits verwendet.');

  // A second request for the same account within 10 minutes: the spec's message, and no mail.
  const before = smtp.mails.length;
  await page.goto('/auth/forgot-password/acme');
  await page.locator('input[name=username]').fill(username);
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('forgot-error')).toHaveText('Ein Zurücksetzen ist nur alle 10 Minuten möglich.');
  await expect(page.getByTestId('forgot-sent')).toHaveCount(0);
  expect(smtp.mails.length).toBe(before);
});

test('support login: command -> link -> banner -> audit entry', async ({ page, baseURL }) => {
  const root = path.resolve(test.info().project.testDir, '../..');
  const url = execFileSync(
    'npx',
    ['tsx', 'scripts/support-link.ts', '--client', 'acme', '--adviser', 'Erika Beraterin', '--reason', 'Ticket 4711'],
    {
      cwd: root,
      // The main server's data dir (playwright.config.ts: one per port), where it leaves the support-link key.
      env: { ...process.env, DATA_DIR: path.join(root, `.tmp/e2e-main-${MAIN_PORT}`), PUBLIC_URL: baseURL ?? '' },
      encoding: 'utf8',
    },
  ).trim();
  expect(url).toMatch(new RegExp(`^http://localhost:${MAIN_PORT}/auth/support/[\\w-]+\\.[\\w-]+$`));

  await page.goto(url);
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.getByRole('status').filter({ hasText: 'Erika Beraterin' })).toContainText('Ticket 4711');
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'SESSION');
  expect((session?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  await page.goto('/dashboard/company/members/list');
  await expect(page.getByTestId('header-name')).toBeVisible();

  // The same link a second time: refused.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByTestId('support-error')).toHaveText(
    'Der Support-Link ist ungültig oder wurde bereits verwendet.',
  );

  // The client's super-admin reads the audit log.
  const api = await request.newContext({ baseURL });
  await api.get('/api/csrf');
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const { hashPassword } = await import('@dash/shared-core');
  const login = await api.post('/api/login', {
    data: { clientIdentifier: 'acme', username: 'super.admin', password: hashPassword(PASSWORD) },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(login.status()).toBe(200);
  const fresh = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const audit = await api.post('/api/support-audit/list', { data: {}, headers: { 'X-XSRF-TOKEN': fresh } });
  expect(audit.status()).toBe(200);
  const { items } = (await audit.json()) as { items: Array<{ adviser: string; reason: string; action: string }> };
  const actions = items.filter((item) => item.adviser === 'Erika Beraterin' && item.reason === 'Ticket 4711');
  expect(actions.map((item) => item.action)).toEqual(expect.arrayContaining(['supportLogin', 'memberState']));
  await api.dispose();
});

test('profile: every tab in German and English; security errors show the spec messages', async ({ page }) => {
  await openSignedIn(page, 'acme', 'ou.admin');
  const tabs = {
    de: ['Persönliche Daten', 'Organisationseinheiten', 'Sicherheit', 'Einstellungen'],
    en: ['Personal details', 'Org units', 'Security', 'Settings'],
  };
  await page.goto('/dashboard/profile/details');
  for (const label of tabs.de.slice(0, 1))
    await expect(page.locator('.ui-tabs').getByRole('link', { name: label })).toBeVisible();

  // org units (German)
  await page.goto('/dashboard/profile/org-units');
  const table = page.getByTestId('profile-org-units');
  await expect(table).toContainText('Produktion');
  await expect(table).toContainText('Logistik');
  await expect(table.getByRole('columnheader').first()).toHaveText('Organisationseinheit');

  // security (German): wrong current password, taken username
  await page.goto('/dashboard/profile/security');
  const passwordForm = page.getByTestId('change-password');
  await passwordForm.getByLabel('Aktuelles Passwort').fill('Falsch#2026');
  await passwordForm.getByLabel('Neues Passwort', { exact: true }).fill('Neu#Pass2026');
  await passwordForm.getByLabel('Neues Passwort wiederholen').fill('Neu#Pass2026');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('Das Passwort ist nicht korrekt.');
  const usernameForm = page.getByTestId('change-username');
  await usernameForm.getByLabel('Neuer Benutzername').fill('admin');
  await expect(page.getByTestId('check-username')).toHaveText('Dieser Benutzername ist bereits vergeben.');
  await usernameForm.getByLabel('Neuer Benutzername').fill('ou.admin.neu');
  await expect(page.getByTestId('check-username')).toHaveCount(0);

  // settings and details (German)
  await page.goto('/dashboard/profile/settings');
  for (const label of tabs.de)
    await expect(page.locator('.ui-tabs').getByRole('link', { name: label, exact: true })).toBeVisible();

  // English: every tab again
  await switchLanguage(page, 'en_GB');
  for (const label of tabs.en)
    await expect(page.locator('.ui-tabs').getByRole('link', { name: label, exact: true })).toBeVisible();
  await page.locator('.ui-tabs').getByRole('link', { name: 'Personal details', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/details/);
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.locator('.ui-tabs').getByRole('link', { name: 'Org units', exact: true }).click();
  await expect(page.getByTestId('profile-org-units').getByRole('columnheader').first()).toHaveText('Org unit');
  await page.locator('.ui-tabs').getByRole('link', { name: 'Security', exact: true }).click();
  const form = page.getByTestId('change-password');
  await form.getByLabel('Current password').fill('Wrong#2026');
  await form.getByLabel('New password', { exact: true }).fill('New#Pass2026');
  await form.getByLabel('Repeat the new password').fill('New#Pass2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The password is not correct.');
  await page.getByTestId('change-username').getByLabel('New username').fill('member');
  await expect(page.getByTestId('check-username')).toHaveText('This username is already taken.');
  await page.locator('.ui-tabs').getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/settings/);

  // Back to German for the other browser tests.
  await switchLanguage(page, 'de_DE');
  await expect(page.locator('.ui-tabs').getByRole('link', { name: 'Einstellungen', exact: true })).toBeVisible();
});

test('profile details and settings: phone numbers checked, theme and language applied at once and remembered', async ({
  page,
}) => {
  // A seeded German staff member no other browser test uses.
  await openSignedIn(page, 'acme', 'clara.otto');
  await page.goto('/dashboard/profile/details');
  const phone = page.getByLabel('Telefon', { exact: true });
  await expect(phone).toBeVisible();
  const original = await phone.inputValue();
  await phone.fill('12');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte geben Sie eine gültige Telefonnummer', { exact: false })).toBeVisible();
  // Nothing was saved.
  await page.reload();
  await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue(original);
  await page.getByLabel('Telefon', { exact: true }).fill('+49 30 1234567');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue('+49 30 1234567');

  // Settings: the theme changes at once, the language too; both survive a reload (stored in the profile).
  await page.locator('.ui-tabs').getByRole('link', { name: 'Einstellungen', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/settings/);
  await page.getByTestId('theme-select').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('settings-language').selectOption('en_GB');
  await expect(page.locator('.ui-tabs').getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-select')).toHaveValue('dark');
  await expect(page.getByTestId('settings-language')).toHaveValue('en_GB');
  await expect(page.locator('.ui-tabs').getByRole('link', { name: 'Settings', exact: true })).toBeVisible();

  // Details in English: the same rule, the English message.
  await page.locator('.ui-tabs').getByRole('link', { name: 'Personal details', exact: true }).click();
  await page.getByLabel('Mobile', { exact: true }).fill('call me');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Please enter a valid phone number in international form', { exact: false }),
  ).toBeVisible();

  // Remembered across sign-in: a new session starts dark and in English.
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/login\/acme/);
  await expect(page.locator('input[name=username]')).toBeVisible();
  await page.locator('input[name=username]').fill('clara.otto');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('header-name')).toBeVisible();
  await page.goto('/dashboard/profile/settings');
  await expect(page.getByTestId('settings-language')).toHaveValue('en_GB');
});

/**
 * A server of its own in this process (embedded in-memory database with the demo data, the same built front ends),
 * for what the shared server cannot do from outside: call a server function, change a client's configuration.
 */
async function startOwnServer() {
  const { buildApp } = await import('../../server/src/app');
  const { loadConfig } = await import('../../server/src/config');
  const { openDatabase } = await import('../../server/src/core/db/database');
  const { migrate } = await import('../../server/src/core/db/migrate');
  const { seedDemoData } = await import('../../server/src/seed/demo');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const db = await openDatabase({});
  await migrate(db);
  await seedDemoData(db);
  const app = await buildApp(
    {
      ...loadConfig({}),
      logLevel: 'silent',
      publicUrl: origin,
      smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`,
      supportLinkKeyFile: undefined,
    },
    db,
  );
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    await db.close();
    throw error;
  }
  return {
    app,
    db,
    origin,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Set password for a new member (password mode byEmail). The member creation itself comes with the company area,
 * so this test calls the welcome-mail function the creation will call; the browser then follows the link.
 */
test('welcome mail: new member -> mail -> link -> set password -> signed in', async ({ page }) => {
  const { sendWelcomeMail } = await import('../../server/src/modules/auth/passwordReset');
  const own = await startOwnServer();
  const { app, db, origin } = own;
  try {
    const [created] = await db.query<{ uuid: string }>(
      `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, language)
       SELECT uuid, 'neu.start', 'member', 'neu.start@acme.example', 'Nele', 'Neustart', 'de_DE'
         FROM client WHERE identifier = 'acme' RETURNING uuid`,
    );
    const since = smtp.mails.length;
    await sendWelcomeMail({ db, mailer: app.mailer, publicUrl: origin }, created?.uuid ?? '');
    const mail = await smtp.waitForMail('neu.start@acme.example', since);
    expect(mail.subject).toBe('Willkommen bei Dashboard');
    expect(mail.decoded).toContain('7 Tage');
    // The member signs in later with the company ID and the username the mail names.
    expect(mail.decoded).toContain('Firmen-ID: acme');
    expect(mail.decoded).toContain('Benutzername: neu.start');
    const loginLink = /https?:\/\/[^\s"<>]+\/auth\/login\/[a-z0-9-]+/.exec(mail.decoded)?.[0] ?? '';
    expect(loginLink).toBe(`${origin}/auth/login/acme`);
    const link = resetLink(mail);
    expect(link.startsWith(`${origin}/auth/reset-password/`)).toBe(true);

    await page.goto(link);
    await page.locator('input[name=password]').fill('Erstes#Passwort1');
    await page.locator('input[name=passwordConfirmation]').fill('Erstes#Passwort2');
    // Shown as soon as the repetition is as long as the password.
    await expect(page.getByText('Die Eingaben stimmen nicht überein.')).toBeVisible();
    await page.locator('input[name=passwordConfirmation]').fill('Erstes#Passwort1');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByTestId('header-name')).toContainText('Nele');

    // The new password signs in, from the mail's sign-in link (company preset); the welcome link is used up.
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login\/acme/);
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(loginLink);
    await expect(page.getByTestId('client-identifier')).toHaveText('acme');
    await expect(page.locator('input[name=username]')).toBeVisible();
    await page.locator('input[name=username]').fill('neu.start');
    await page.locator('input[name=password]').fill('Erstes#Passwort1');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  } finally {
    await own.close();
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

test('profile security: change password, then username (both need the current password); sign-in with the new ones', async ({
  page,
}) => {
  // A seeded German staff member no other browser test uses.
  await openSignedIn(page, 'acme', 'david.vogel');
  await page.goto('/dashboard/profile/security');
  const passwordForm = page.getByTestId('change-password');
  await passwordForm.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  // The new password must differ from the current one; nothing is sent while it does not.
  await passwordForm.getByLabel('Neues Passwort', { exact: true }).fill(PASSWORD);
  await passwordForm.getByLabel('Neues Passwort wiederholen').fill(PASSWORD);
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(passwordForm.getByText('Die Eingabe darf nicht mit der vorherigen übereinstimmen.')).toBeVisible();
  await passwordForm.getByLabel('Neues Passwort', { exact: true }).fill('Neu#Vogel2026');
  await passwordForm.getByLabel('Neues Passwort wiederholen').fill('Neu#Vogel2027');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(passwordForm.getByText('Die Eingaben stimmen nicht überein.')).toBeVisible();
  await passwordForm.getByLabel('Neues Passwort wiederholen').fill('Neu#Vogel2026');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  // The emptied form starts afresh: no 'required' errors.
  await expect(passwordForm.getByRole('alert')).toHaveCount(0);

  const usernameForm = page.getByTestId('change-username');
  await usernameForm.getByLabel('Aktueller Benutzername').fill('david.vogel');
  await usernameForm.getByLabel('Neuer Benutzername').fill('david.vogel.neu');
  await usernameForm.getByLabel('Aktuelles Passwort').fill('Falsch#2026');
  await usernameForm.getByRole('button', { name: 'Benutzernamen ändern' }).click();
  await expect(page.getByTestId('change-username-error')).toHaveText('Das Passwort ist nicht korrekt.');
  await usernameForm.getByLabel('Aktuelles Passwort').fill('Neu#Vogel2026');
  await usernameForm.getByRole('button', { name: 'Benutzernamen ändern' }).click();
  await expect(page.getByText('Ihr Benutzername wurde geändert.')).toBeVisible();
  await expect(usernameForm.getByLabel('Aktueller Benutzername')).toHaveValue('david.vogel.neu');
  await expect(usernameForm.getByRole('alert')).toHaveCount(0);

  await page.getByTestId('logout').click();
  // Sign-out lands on the sign-in page with the company ID preset.
  await expect(page).toHaveURL(/\/auth\/login\/acme/);
  await expect(page.locator('input[name=username]')).toBeVisible();
  await page.locator('input[name=username]').fill('david.vogel.neu');
  await page.locator('input[name=password]').fill('Neu#Vogel2026');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
});

test('refused: support login disallowed or expired, set-password link expired, too many reset requests (spec messages)', async ({
  page,
}) => {
  const { createSupportToken, resolveSupportLinkSecret, supportLinkUrl } = await import(
    '../../server/src/modules/auth/supportLink'
  );
  const own = await startOwnServer();
  try {
    const secret = await resolveSupportLinkSecret(own.db, undefined);
    await own.db.query("UPDATE client SET support_login_allowed = false WHERE identifier = 'globex'");
    const adviser = { adviser: 'Erika Beraterin', reason: 'Ticket 4712' };
    await page.goto(supportLinkUrl(own.origin, createSupportToken(secret, { client: 'globex', ...adviser })));
    await expect(page.getByTestId('support-error')).toHaveText(
      'Der Support-Zugang ist für dieses Unternehmen nicht erlaubt.',
    );
    const old = createSupportToken(secret, { client: 'acme', ...adviser }, Date.now() - 16 * 60 * 1000);
    await page.goto(supportLinkUrl(own.origin, old));
    await expect(page.getByTestId('support-error')).toHaveText(
      'Der Support-Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
    );
    // Neither signed anyone in nor wrote an audit entry.
    expect(await own.db.query('SELECT 1 FROM session')).toEqual([]);
    expect(await own.db.query('SELECT 1 FROM support_audit_log')).toEqual([]);

    // An expired set-password link: the spec's message, the password stays.
    const { issuePasswordToken, hashResetToken } = await import('../../server/src/modules/auth/passwordReset');
    const [member] = await own.db.query<{ uuid: string; password_hash: string }>(
      "SELECT m.uuid, m.password_hash FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.username = 'member'",
    );
    const token = await issuePasswordToken(own.db, member?.uuid ?? '', 'reset', 2);
    await own.db.query(
      "UPDATE password_reset_token SET expires_at = now() - interval '1 minute' WHERE token_hash = $1",
      [hashResetToken(token)],
    );
    await page.goto(`${own.origin}/auth/reset-password/${token}`);
    await page.locator('input[name=password]').fill('Spaet#Dran2026');
    await page.locator('input[name=passwordConfirmation]').fill('Spaet#Dran2026');
    await page.locator('button[type=submit]').click();
    await expect(page.getByTestId('reset-error')).toHaveText(
      'Der Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
    );
    await expect(page).toHaveURL(/\/auth\/reset-password\//);
    expect(await own.db.query('SELECT password_hash FROM member WHERE uuid = $1', [member?.uuid])).toEqual([
      { password_hash: member?.password_hash },
    ]);

    // Too many reset requests from one address: the 11th within 15 minutes is refused with the spec's message.
    await page.goto(`${own.origin}/auth/forgot-password/acme`);
    const statuses = await page.evaluate(async () => {
      await fetch('/api/csrf');
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const answers: number[] = [];
      for (let index = 0; index < 10; index += 1) {
        const response = await fetch('/api/createpasswordresettoken', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
          body: JSON.stringify({ clientIdentifier: 'acme', username: `nobody-${index}` }),
        });
        answers.push(response.status);
      }
      return answers;
    });
    expect(statuses).toEqual(Array(10).fill(200));
    await page.locator('input[name=username]').fill('member');
    await page.locator('button[type=submit]').click();
    await expect(page.getByTestId('forgot-error')).toHaveText('Zu viele Anfragen. Bitte warten Sie einen Moment.');
  } finally {
    await own.close();
  }
});
