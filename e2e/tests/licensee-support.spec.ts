/**
 * Support advisers from the licensee console: the adviser opens a client's dashboard in support mode with a reason
 * and sees his own name and "Kundenberater" in the header, the banner beside a whole sidebar, and no profile or own
 * tasks; the client's super-admin then finds that session in the company settings' support audit under the
 * adviser's name; the licensee sees it in the console's support sessions and audit. German and English.
 */
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, signInAsLicensee, switchLanguage } from './helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/licensee-support-${name}.png`, fullPage: true });

async function openAcmeInSupportMode(page: Page) {
  await page.locator('tbody tr').filter({ hasText: 'ACME Sicherheit GmbH' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients\/details\//);
  await page.getByTestId('open-support').click();
  const dialog = page.getByTestId('open-support-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an adviser opens a client in support mode under his own name; the client sees it in its support audit', async ({
  page,
  browser,
}) => {
  // Three sign-ins in two browsers, and an export.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsLicensee(page, { username: 'berater' });
  await expect(page.getByTestId('header-name')).toHaveText('Bernd Berater');
  const dialog = await openAcmeInSupportMode(page);
  // The reason is required: nothing is sent without it.
  await page.getByTestId('open-support-confirm').click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toContainText('60 Minuten');
  await shot(page, 'dialog-de');
  await dialog.locator('input[name=reason]').fill('Ticket 4711: Import schlägt fehl');
  await page.getByTestId('open-support-confirm').click();

  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.getByTestId('header-name')).toHaveText('Bernd Berater');
  await expect(page.getByTestId('header-role')).toHaveText('Kundenberater');
  await expect(page.getByTestId('support-banner')).toContainText('Bernd Berater');
  await expect(page.getByTestId('support-banner')).toContainText('Ticket 4711');
  // No profile of the super-admin the session rides on, and not his own tasks.
  await expect(page.getByTestId('profile-link')).toHaveCount(0);
  await expect(page.locator('[data-nav-id="apps-elearnings-my"]')).toHaveCount(0);
  // The sidebar stays whole beside the banner: its first item is not covered.
  const sidebar = page.locator('#shell-sidebar');
  await expect(sidebar).toBeVisible();
  const banner = await page.getByTestId('support-banner').boundingBox();
  const side = await sidebar.boundingBox();
  expect(banner && side && banner.x >= side.x + side.width - 1).toBe(true);
  await page.goto('/dashboard/company/members/list');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await shot(page, 'inside-de');
  // The adviser's language is not saved in the carrier's profile (no settings in support mode): switched in place.
  await page.getByTestId('language-switch').selectOption('en_GB');
  await expect(page.getByTestId('header-role')).toHaveText('Customer adviser');
  await expect(page.getByTestId('support-banner')).toContainText('Support access as Bernd Berater');
  await shot(page, 'inside-en');

  // The client's super-admin reads the support audit in the company settings.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await admin.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(admin, 'acme', 'super.admin');
  await admin.locator('#shell-sidebar').getByRole('button', { name: 'Einstellungen' }).click();
  await admin.locator('[data-nav-id="company-settings-support-audit"]').click();
  await expect(admin).toHaveURL(/\/dashboard\/company\/settings\/support-audit/);
  await expect(admin.getByRole('heading', { name: 'Support-Protokoll' })).toBeVisible();
  const rows = admin.locator('tbody tr').filter({ hasText: 'Bernd Berater' });
  await expect(rows.filter({ hasText: 'Ticket 4711: Import schlägt fehl' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'supportLogin' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'memberList' }).first()).toBeVisible();
  await shot(admin, 'client-audit-de');
  await switchLanguage(admin, 'en_GB');
  await expect(admin.getByRole('heading', { name: 'Support audit' })).toBeVisible();
  await shot(admin, 'client-audit-en');
  // The super-admin's saved language back to German for the tests after this one.
  await switchLanguage(admin, 'de_DE');
  await context.close();

  // The licensee admin sees the adviser's session and the audit entry in the console.
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signInAsLicensee(page);
  // This browser still shows English (chosen in support mode): back to German.
  await page.getByTestId('language-switch').selectOption('de_DE');
  await page.locator('[data-nav-id="licensee-support-sessions"]').click();
  const session = page.locator('tbody tr').filter({ hasText: 'Bernd Berater' }).first();
  await expect(session).toContainText('ACME Sicherheit GmbH');
  await expect(session).toContainText('Ticket 4711');
  await shot(page, 'sessions-de');
  await page.locator('[data-nav-id="licensee-audit"]').click();
  await expect(page.locator('tbody tr').filter({ hasText: 'Support-Sitzung geöffnet' }).first()).toContainText(
    'Bernd Berater',
  );
  await shot(page, 'audit-de');
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  expect((await download).suggestedFilename()).toBe('Protokoll.xlsx');
  // Licensee staff keep no profile settings: the language switches in place.
  await page.getByTestId('language-switch').selectOption('en_GB');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await shot(page, 'audit-en');
});

test('a client that disallows support login is refused with the spec message', async ({ page, browser }) => {
  // The client's super-admin switches support login off in the company configuration (spec section 6).
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await context.newPage();
  await openSignedIn(admin, 'acme', 'super.admin');
  await admin.goto('/dashboard/company/settings/configuration');
  const toggle = admin.locator('input[name=supportLoginAllowed]');
  await toggle.uncheck();
  await admin.getByTestId('company-configuration-form').getByRole('button', { name: 'Speichern' }).click();
  await expect(toggle).not.toBeChecked();
  try {
    await signInAsLicensee(page, { username: 'berater' });
    const dialog = await openAcmeInSupportMode(page);
    await dialog.locator('input[name=reason]').fill('Ticket 815');
    await page.getByTestId('open-support-confirm').click();
    await expect(page.getByTestId('open-support-error')).toHaveText(
      'Der Support-Zugang ist für dieses Unternehmen nicht erlaubt.',
    );
    await shot(page, 'refused-de');
    await expect(page).toHaveURL(/\/dashboard\/licensee\/clients\/details\//);
  } finally {
    await admin.goto('/dashboard/company/settings/configuration');
    await admin.locator('input[name=supportLoginAllowed]').check();
    await admin.getByTestId('company-configuration-form').getByRole('button', { name: 'Speichern' }).click();
    await context.close();
  }
});
