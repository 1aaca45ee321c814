import { expect, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { expectBrandPrimary, PASSWORD } from './helpers';

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;

test.describe('licensee branding by host name', () => {
  test('localhost shows the default licensee "Dashboard" with the spec colours', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Dashboard');
    await expect(page.getByTestId('licensee-logo')).toHaveAttribute('alt', 'Dashboard');
    await expectBrandPrimary(page, '#3b3b3b');
    await expect(page.getByTestId('footer')).not.toContainText('Partnerschaft');
  });

  test('partner.localhost shows the white-label partner and its client signs in there', async ({ page }) => {
    await page.goto(`${PARTNER}/auth/login`);
    await expect(page).toHaveTitle('SafeGuard Partners');
    await expect(page.getByTestId('licensee-logo')).toHaveAttribute('alt', 'SafeGuard Partners');
    await expectBrandPrimary(page, '#00695c');
    const footer = page.getByTestId('footer');
    await expect(footer).toContainText('SafeGuard Partners');
    await expect(footer).toContainText('in Partnerschaft mit Dashboard');
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      'https://safeguard.example.com/legal',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} SafeGuard Partners`);
    // The mood image and its copyright show on wide screens only.
    await expect(page.getByText('Photo: SafeGuard Partners Ltd')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByText('Photo: SafeGuard Partners Ltd')).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.locator('input[name=clientIdentifier]').fill('initech');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('header-name')).toHaveText('Ivan Initech');
  });

  test("a partner's client cannot sign in on the default licensee's host", async ({ page }) => {
    await page.goto('/auth/login');
    await page.locator('input[name=clientIdentifier]').fill('initech');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
  });
});
