import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signIn, switchLanguage } from './helpers';

test.describe('sign-in and sign-out', () => {
  test('a new visitor lands on the German sign-in page, signs in as acme admin and out again', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');

    await page.locator('input[name=clientIdentifier]').fill('ACME');
    await expect(page.locator('input[name=clientIdentifier]')).toHaveValue('acme');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page).toHaveURL(/\/dashboard\/start\/overview\/elearnings$/);
    await expect(page.getByRole('banner')).toContainText('Arne Adler');
    await expect(page.getByTestId('header-role')).toHaveText('Administrator');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toContainText('Dashboard');
    await expect(page.getByTestId('footer')).toContainText('Impressum');
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    await expect(page.getByTestId('open-tasks').locator('li').first()).toBeVisible();

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login\/acme$/);
    // The session really ended: the dashboard sends us back to the sign-in page.
    await page.goto('/dashboard/company/members/list');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  });

  test('wrong password shows the spec message and keeps the user on the page', async ({ page }) => {
    await page.goto('/auth/login/acme');
    await expect(page.getByTestId('client-identifier')).toHaveText('acme');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('wrong-Password1!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(
      'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Firmen-ID, Benutzername und Passwort.',
    );
    await expect(page).toHaveURL(/\/auth\/login\/acme$/);
  });

  test('required fields show their messages only after a submit or touch', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByText('ist erforderlich')).toHaveCount(0);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Das Feld "Benutzername" ist erforderlich')).toBeVisible();
  });

  test('the company ID is remembered on the device and can be switched', async ({ page }) => {
    await signIn(page, 'globex', 'admin');
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login\/globex$/);
    await page.goto('/auth/login');
    await expect(page.getByTestId('client-identifier')).toHaveText('globex');
    await page.getByRole('button', { name: 'Firmen-ID ändern' }).click();
    await page.locator('input[name=clientIdentifier]').fill('acme');
    await page.getByLabel('Benutzername').fill('member');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('header-name')).toHaveText('Mara Mitarbeiter');
  });

  test('"remember" ticked: after logout and a reload the sign-in page shows the company ID', async ({ page }) => {
    await page.goto('/auth/login');
    await page.locator('input[name=clientIdentifier]').fill('globex');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await expect(page.getByLabel('Firmen-ID auf diesem Gerät merken')).toBeChecked();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('logout')).toBeVisible();

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login\/globex$/);
    await expect(page.getByTestId('client-identifier')).toHaveText('globex');
    await page.goto('/auth/login');
    await expect(page.getByTestId('client-identifier')).toHaveText('globex');
  });

  test('"remember" unticked: neither logout nor a reload brings the company ID back', async ({ page }) => {
    // Remembered from an earlier sign-in: unticking must forget it.
    await signIn(page, 'globex', 'admin');
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('client-identifier')).toHaveText('globex');

    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByLabel('Firmen-ID auf diesem Gerät merken').uncheck();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('logout')).toBeVisible();
    // A reload signs the member in again from the session cookie: that must not remember the company either.
    await page.reload();
    await expect(page.getByTestId('logout')).toBeVisible();

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.locator('input[name=clientIdentifier]')).toHaveValue('');
    await page.reload();
    await expect(page.locator('input[name=clientIdentifier]')).toHaveValue('');
  });

  test('after sign-in the user returns to the page he asked for', async ({ page }) => {
    await page.goto('/dashboard/company/members/list?page=2');
    await expect(page).toHaveURL(/returnUrl=/);
    await page.locator('input[name=clientIdentifier]').fill('acme');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/list\?page=2$/);
  });

  test('an English browser gets the English sign-in page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await context.close();
  });
  test('logout carries no return address: the next person on the device starts on the start page', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/members/list?page=2');
    await expect(page.getByTestId('logout')).toBeVisible();
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth\/login\/acme$/);
    await page.waitForLoadState('load');
    // Not even for a moment, and not in the history: Back must not lead to a sign-in page that returns there.
    expect(addresses.filter((address) => address.includes('returnUrl'))).toEqual([]);
    await page.goBack();
    await expect(page.locator('input[name=username]')).toBeVisible();
    // The next person signs in and lands on the start page, not on the previous user's list.
    await page.getByLabel('Benutzername').fill('member');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('header-name')).toHaveText('Mara Mitarbeiter');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  });

  test('a failed sign-in empties the password without calling it missing until the next submit or leaving it', async ({
    page,
  }) => {
    await page.goto('/auth/login/acme');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('wrong-Password1!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toHaveValue('');
    await expect(page.getByText('Das Feld "Passwort" ist erforderlich')).toHaveCount(0);
    // Leaving the empty field shows it.
    await page.getByLabel('Passwort').focus();
    await page.getByLabel('Benutzername').focus();
    await expect(page.getByText('Das Feld "Passwort" ist erforderlich')).toBeVisible();
  });

  test('an empty password after a failed sign-in is called missing on the next submit (English)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/auth/login/acme');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-Password1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.getByText('The field "Password" is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The field "Password" is required')).toBeVisible();
    await context.close();
  });
});

/** Ends the session behind the page's back (as an expiry does), then lets the page call the API. */
async function expireSessionAndLoadMembers(page: Page) {
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name !== 'SESSION'));
  await page.evaluate(() => {
    window.history.pushState(null, '', '/dashboard/company/members/list');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

test.describe('an expired session', () => {
  test('says the session expired, not that a permission is missing (German)', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await expireSessionAndLoadMembers(page);
    await expect(page.getByTestId('toast-danger')).toContainText(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    await expect(page.getByText('keine Berechtigung')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  });

  test('and in English', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await switchLanguage(page, 'en_GB');
    try {
      await expireSessionAndLoadMembers(page);
      await expect(page.getByTestId('toast-danger')).toContainText('Your session has expired. Please sign in again.');
      await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
    } finally {
      // The language was saved in admin's profile: the other tests expect him German.
      await signIn(page, 'acme', 'admin');
      await switchLanguage(page, 'de_DE');
    }
  });
});
