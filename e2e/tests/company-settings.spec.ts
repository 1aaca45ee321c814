import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

test.describe('company settings (super-admin)', () => {
  test('details: a wrong postal code for the country is refused, a right one saved; German and English', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'super.admin');
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByRole('link', { name: 'Stammdaten' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/settings\/details$/);
    const form = page.getByTestId('company-details-form');
    await expect(form.getByLabel('Firmenname')).toHaveValue('ACME Sicherheit GmbH');
    await expect(page.getByTestId('client-identifier')).toHaveValue('acme');
    await expect(page.getByTestId('client-identifier')).not.toBeEditable();
    await page.screenshot({ path: `${SCREENSHOTS}company-details-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'company details');

    // Austria: four digits. The German 10115 no longer fits, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/clientdetails/updatedetails')) sent++;
    });
    await form.getByLabel('Land').selectOption('AT');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText('Bitte geben Sie eine für das Land gültige Postleitzahl ein.')).toBeVisible();
    expect(sent).toBe(0);
    await form.getByLabel('Postleitzahl').fill('1010');
    await form.getByLabel('Ort').fill('Wien');
    await form.getByLabel('Adresszusatz').fill('Stiege 2, Top 7');
    // A homepage without its scheme is refused too.
    await form.getByLabel('Webseite').fill('www.acme.example');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText(/mit http:\/\/ oder https:\/\/ beginnt/)).toBeVisible();
    await form.getByLabel('Webseite').fill('https://www.acme.example/wien');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Die Stammdaten wurden gespeichert.');
    expect(sent).toBe(1);
    await page.reload();
    await expect(page.getByTestId('company-details-form').getByLabel('Postleitzahl')).toHaveValue('1010');
    await expect(page.getByTestId('company-details-form').getByLabel('Land')).toHaveValue('AT');

    // English: the labels and the countries' names follow the language.
    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('heading', { name: 'Master data' })).toBeVisible();
    await expect(page.getByTestId('company-details-form').getByLabel('Country')).toContainText('Austria');
    await page.screenshot({ path: `${SCREENSHOTS}company-details-en.png`, fullPage: true });
    // Back to the seeded address, in English, using the keyboard to submit.
    const english = page.getByTestId('company-details-form');
    await english.getByLabel('Country').selectOption('DE');
    await english.getByLabel('Postcode').fill('10115');
    await english.getByLabel('Town or city').fill('Berlin');
    await english.getByLabel('Address line 2').fill('');
    await english.getByLabel('Website').fill('https://www.acme.example');
    await english.getByLabel('Website').press('Enter');
    await expect(page.getByTestId('toast-success').last()).toContainText('The company details have been saved.');
    await switchLanguage(page, 'de_DE');
    await expect(page.getByRole('heading', { name: 'Stammdaten' })).toBeVisible();
  });

  test('configuration: support login and calendar link saved, apps shown read-only', async ({ page }) => {
    await openSignedIn(page, 'acme', 'super.admin');
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByRole('link', { name: 'Konfiguration' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/settings\/configuration$/);
    const form = page.getByTestId('company-configuration-form');
    await expect(form.getByLabel('Support-Anmeldung erlauben')).toBeChecked();
    await expect(page.getByTestId('feature-flags')).toContainText('E-Learnings');
    await expect(page.getByTestId('feature-flags').getByText('Aktiv')).toHaveCount(4);
    // Read-only: no control to switch an app.
    await expect(page.getByTestId('feature-flags').locator('input, select, button')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}company-configuration-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'configuration');

    await form.getByLabel('Link zum externen Kalender').fill('kalender');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText(/mit http:\/\/ oder https:\/\/ beginnt/)).toBeVisible();
    await form.getByLabel('Link zum externen Kalender').fill('https://kalender.acme.example/team');
    // Keyboard: Space toggles the switch.
    await form.getByLabel('Support-Anmeldung erlauben').focus();
    await page.keyboard.press('Space');
    await expect(form.getByLabel('Support-Anmeldung erlauben')).not.toBeChecked();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Die Konfiguration wurde gespeichert.');

    // Every member's state now carries the company's calendar link (the calendar page opens it).
    const state = (await (await page.request.get('/api/member/state')).json()) as { externalCalendarHref: string };
    expect(state.externalCalendarHref).toBe('https://kalender.acme.example/team');
    await page.reload();
    await expect(
      page.getByTestId('company-configuration-form').getByLabel('Support-Anmeldung erlauben'),
    ).not.toBeChecked();

    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Apps enabled' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}company-configuration-en.png`, fullPage: true });
    // Back to the seeded configuration.
    const english = page.getByTestId('company-configuration-form');
    await english.getByLabel('Allow support sign-in').check();
    await english.getByLabel('External calendar link').fill('');
    await english.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('The configuration has been saved.');
    await switchLanguage(page, 'de_DE');
    await expect(page.getByRole('heading', { name: 'Konfiguration' })).toBeVisible();
  });

  test('an admin manages the master data; the configuration answers him with the permission toast', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await expect(page.getByRole('link', { name: 'Konfiguration' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Stammdaten' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/settings\/details$/);
    const form = page.getByTestId('company-details-form');
    await expect(form.getByLabel('Firmenname')).toHaveValue('ACME Sicherheit GmbH');
    await expect(page.getByTestId('toast-danger')).toHaveCount(0);
    await form.getByLabel('Adresszusatz').fill('Empfang Haus B');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Die Stammdaten wurden gespeichert.');

    await switchLanguage(page, 'en_GB');
    const english = page.getByTestId('company-details-form');
    await expect(page.getByRole('heading', { name: 'Master data' })).toBeVisible();
    await english.getByLabel('Address line 2').fill('');
    await english.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('The company details have been saved.');
    await page.goto('/dashboard/company/settings/configuration');
    await expect(page.getByTestId('toast-danger')).toContainText('You have no permission for this page.');
    await expect(page.getByTestId('company-configuration-form')).toHaveCount(0);
    await switchLanguage(page, 'de_DE');
  });
});
