/**
 * A client's address countries are its licensee's choice: the partner licensee adds Switzerland for its client
 * Initech in the console's multi-select, and Initech's admin then finds it offered in the location form, named in
 * the page's language ("Switzerland", "Schweiz"), with the Swiss postal code rule. The list is restored at the end.
 */
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { openSignedIn, PASSWORD, switchLanguage } from './helpers';

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/offered-countries-${name}.png`, fullPage: true });

async function openInitechInConsole(page: Page) {
  await page.goto(`${PARTNER}/auth/licensee`);
  await page.locator('input[name=licenseeIdentifier]').fill('safeguard');
  await page.locator('input[name=username]').fill('partner.admin');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/clients/);
  await page.locator('tbody tr').first().getByRole('link', { name: 'Initech Ltd' }).click();
  await expect(page.getByTestId('client-summary')).toContainText('initech');
}

/** Toggles countries in the console's multi-select (it stays open for more), then closes it. */
async function toggleCountries(page: Page, names: string[]) {
  const field = page.getByTestId('offered-countries');
  await field.getByRole('combobox').click();
  for (const name of names) await field.getByRole('option', { name, exact: true }).click();
  await field.getByRole('combobox').press('Escape');
}

test('the licensee adds Switzerland for its client; the client admin sees it offered in the location form', async ({
  page,
  browser,
}) => {
  await openInitechInConsole(page);
  const field = page.getByTestId('offered-countries');
  // The console in German: the countries named and sorted as German does.
  await expect(field.getByRole('combobox')).toContainText('Deutschland, Österreich');
  // At least one: emptying the list is refused before anything is sent.
  await toggleCountries(page, ['Österreich', 'Deutschland']);
  await page.getByTestId('client-save').click();
  await expect(field.getByRole('alert')).toHaveText('Bitte wählen Sie mindestens ein Land.');
  await toggleCountries(page, ['Deutschland', 'Österreich', 'Schweiz']);
  await expect(field.getByRole('alert')).toHaveCount(0);
  await expect(field.getByRole('combobox')).toContainText('3 ausgewählt');
  await expect(field).toContainText('Deutschland, Österreich, Schweiz');
  await shot(page, 'console-de-1280');
  await page.getByTestId('client-save').click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Die Kundendaten wurden gespeichert.');

  const member = await browser.newPage();
  try {
    await openSignedIn(member, 'initech', 'admin', PARTNER);
    await member.goto(`${PARTNER}/dashboard/company/locations/list`);
    await member.getByTestId('add-location').click();
    const modal = member.getByRole('dialog', { name: 'Add location' });
    const country = modal.getByLabel('Country', { exact: true });
    await expect(country.locator('option')).toHaveText(['Austria', 'Germany', 'Switzerland']);
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await switchLanguage(member, 'de_DE');
    await member.getByTestId('add-location').click();
    const german = member.getByRole('dialog', { name: 'Standort hinzufügen' });
    const land = german.getByLabel('Land', { exact: true });
    await expect(land.locator('option')).toHaveText(['Deutschland', 'Österreich', 'Schweiz']);
    await land.selectOption({ label: 'Schweiz' });
    // The postal code rule follows the country: four Swiss digits, not a German code.
    await german.getByLabel('Postleitzahl').fill('80331');
    await german.getByLabel('Postleitzahl').blur();
    await expect(german.getByText('Bitte geben Sie eine für das Land gültige Postleitzahl ein.')).toBeVisible();
    await german.getByLabel('Postleitzahl').fill('8001');
    await expect(german.getByText('Bitte geben Sie eine für das Land gültige Postleitzahl ein.')).toBeHidden();
    await shot(member, 'location-form-de');
    await german.getByRole('button', { name: 'Abbrechen' }).click();
    // Back as it was, for the other tests: Initech's admin reads English.
    await switchLanguage(member, 'en_GB');
  } finally {
    await member.close();
  }

  // Restore the list (AT and DE) for the other tests.
  await toggleCountries(page, ['Schweiz']);
  const restored = page.waitForResponse(/\/api\/licensee\/client\/update/);
  await page.getByTestId('client-save').click();
  expect((await restored).ok()).toBe(true);
  await expect(page.getByTestId('offered-countries').getByRole('combobox')).toContainText('Deutschland, Österreich');
});
