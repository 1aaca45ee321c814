import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/test/oidcProvider';
import { MAIN_PORT, OIDC_PORT } from '../playwright.config';
import { apiSession, expectNoSeriousAxeViolations, openSignedIn, PASSWORD } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const ORIGIN = `http://localhost:${MAIN_PORT}`;

/**
 * Single sign-on (issue 31, docs/single-sign-on.md) in the browser, against a real OpenID provider (oidc-provider)
 * started by this test: the super-admin sets the provider up in the company configuration, a member signs in with the
 * button on the sign-in page and the provider's own form, and signs out at both; a failure comes back as its
 * message. The flows' checks one by one: server/test/single-sign-on.test.ts.
 */
let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider({ port: OIDC_PORT, origins: [ORIGIN] });
  provider.accounts.set('mara.entra', { email: 'member@acme.example', emailVerified: true, name: 'Mara Mitarbeiter' });
  provider.accounts.set('nobody.entra', { email: 'nobody@elsewhere.example', emailVerified: true });
});

test.afterAll(async () => {
  // The other tests sign in to acme with passwords: its provider goes again, whatever happened above.
  const admin = await apiSession(ORIGIN, 'acme', 'super.admin');
  await admin.post('/api/clientdetails/remove-sso', {});
  await admin.dispose();
  await provider?.close();
});

test('the super-admin sets up the provider; a member signs in and out through it', async ({ page, browser }) => {
  await openSignedIn(page, 'acme', 'super.admin');
  await page.goto('/dashboard/company/settings/configuration');
  const card = page.getByTestId('company-sso');
  await expect(card.getByTestId('sso-redirect-uri')).toHaveText(`${ORIGIN}/api/auth/sso/callback`);
  const form = card.getByTestId('company-sso-form');
  // A wrong issuer is refused with the reason, and nothing is kept.
  await form.getByLabel('Aussteller (Issuer-URL)').fill(`${provider.issuer}/wrong`);
  await form.getByLabel('Client-ID').fill(provider.clientId);
  await form.getByLabel('Client-Geheimnis').fill(provider.clientSecret);
  await form.getByLabel('Name auf der Anmeldeseite').fill('Acme Entra ID');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(card.getByTestId('company-sso-error')).toContainText(
    'Die Angaben des Anmeldedienstes konnten nicht gelesen werden',
  );
  await form.getByLabel('Aussteller (Issuer-URL)').fill(provider.issuer);
  await form.getByLabel('Anmeldung der Mitglieder').selectOption('both');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Der Anmeldedienst wurde geprüft und gespeichert.');
  await expect(form.getByLabel('Client-Geheimnis')).toHaveAttribute('placeholder', /Gespeichert/);
  await page.screenshot({ path: `${SCREENSHOTS}company-sso-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'company configuration with single sign-on', '[data-testid=company-sso]');

  // A member, in a browser of her own: the button on the sign-in page, the provider's form, back in the dashboard.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto('/auth/login/acme');
  const button = member.getByRole('link', { name: 'Mit Acme Entra ID anmelden' });
  await expect(button).toBeVisible();
  await expect(member.locator('input[name=password]')).toBeVisible();
  await member.screenshot({ path: `${SCREENSHOTS}sign-in-sso-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(member, 'sign-in page with single sign-on');
  await button.click();
  await expect(member).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await member.locator('input[name=login]').fill('mara.entra');
  await member.locator('input[name=password]').fill('at the provider');
  await member.locator('button[type=submit]').click();
  await expect(member).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(member.getByTestId('logout')).toBeVisible();
  await expect(member.getByText('Mara Mitarbeiter').first()).toBeVisible();

  // Sign-out ends the dashboard session and goes on to the provider's, which comes back to the sign-in page.
  await member.getByTestId('logout').click();
  await expect(member).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
  await member.getByRole('button', { name: /Yes, sign me out/i }).click();
  await expect(member).toHaveURL(/\/auth\/login\/acme$/);
  const state = await member.request.get('/api/member/state');
  expect(state.status()).toBe(401);
  await context.close();
});

test('a provider account without a member comes back with the reason; provider-only hides the password form', async ({
  page,
  browser,
}) => {
  const admin = await apiSession(ORIGIN, 'acme', 'super.admin');
  await admin.post('/api/clientdetails/update-sso', {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    providerName: 'Acme Entra ID',
    loginMode: 'sso',
  });
  await admin.dispose();
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await stranger.goto('/auth/login/acme');
  // Provider only: no password form until a super-admin asks for it.
  await expect(stranger.getByRole('link', { name: 'Mit Acme Entra ID anmelden' })).toBeVisible();
  await expect(stranger.locator('input[name=password]')).toHaveCount(0);
  await stranger.getByRole('button', { name: 'Mit Passwort anmelden (Super-Admins)' }).click();
  await expect(stranger.locator('input[name=password]')).toBeVisible();
  // The provider signs in someone the company does not know.
  await stranger.getByRole('link', { name: 'Mit Acme Entra ID anmelden' }).click();
  await stranger.locator('input[name=login]').fill('nobody.entra');
  await stranger.locator('input[name=password]').fill('x');
  await stranger.locator('button[type=submit]').click();
  await expect(stranger).toHaveURL(/\/auth\/login\/acme\?sso=Sso\.UnknownMember$/);
  await expect(stranger.getByTestId('sso-error')).toHaveText(
    'Zu Ihrem Konto beim Anmeldedienst gibt es in diesem Unternehmen kein Mitglied. Bitte wenden Sie sich an Ihren Administrator.',
  );
  await stranger.screenshot({ path: `${SCREENSHOTS}sign-in-sso-unknown-de.png`, fullPage: true });
  await context.close();

  // The super-admin signs in with the password (unfolded), removes the provider: the form is back for everybody.
  await page.goto('/auth/login/acme');
  await page.getByRole('button', { name: 'Mit Passwort anmelden (Super-Admins)' }).click();
  await page.locator('input[name=username]').fill('super.admin');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await page.goto('/dashboard/company/settings/configuration');
  await page.getByTestId('company-sso').getByRole('button', { name: 'Anmeldedienst entfernen' }).click();
  await page.getByTestId('remove-sso-dialog').getByRole('button', { name: 'Anmeldedienst entfernen' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Der Anmeldedienst wurde entfernt.');
  const again = await browser.newContext();
  const member = await again.newPage();
  await member.goto('/auth/login/acme');
  await expect(member.locator('input[name=password]')).toBeVisible();
  await expect(member.getByTestId('sso-sign-in')).toHaveCount(0);
  await again.close();
});
