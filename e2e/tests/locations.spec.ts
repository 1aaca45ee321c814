import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage, waitForQuietNetwork } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

const rows = (page: Page) => page.locator('.ui-table tbody tr');

test.describe('company: locations', () => {
  test('the list is sorted, filtered and paged by the server, in German and English', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.getByRole('link', { name: 'Standorte' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/locations\/list$/);
    await expect(page.getByRole('heading', { name: 'Standorte' })).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).first()).toContainText('Büro Wien');
    await expect(rows(page).first()).toContainText('Österreich');
    await expect(rows(page).first()).toContainText('420 m²');
    await expect(rows(page).first()).toContainText('Lars Lindner');
    await page.screenshot({ path: `${SCREENSHOTS}locations-list-de.png`, fullPage: true });

    // Sorting by floor space, descending: a request to the server, kept in the URL.
    const sorted = page.waitForResponse((response) => response.url().endsWith('/api/location/location-list'));
    await page.getByTestId('sort-floorSpace').click();
    await page.getByTestId('sort-floorSpace').click();
    expect(((await (await sorted).request().postDataJSON()) as { sortBy: string }).sortBy).toBe('floorSpace');
    await expect(page).toHaveURL(/sortBy=floorSpace&sortDirection=desc/);
    await expect(rows(page).first()).toContainText('Werk Hamburg');

    await page.getByLabel('Art', { exact: true }).selectOption('headquarters');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Zentrale Berlin');
    await page.getByLabel('Art', { exact: true }).selectOption('');
    await page.getByLabel('Suche').fill('münchen');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Lager München');
    await page.getByLabel('Suche').fill('nirgendwo');
    await expect(page.getByText('Keine Standorte gefunden.')).toBeVisible();
    await page.getByLabel('Suche').fill('');
    await expect(rows(page)).toHaveCount(4);

    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add location' })).toBeVisible();
    await expect(page.getByText('Austria')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}locations-list-en.png`, fullPage: true });
    // The address fields in English, the postcode checked against the country.
    await page.getByRole('button', { name: 'Add location' }).click();
    const addModal = page.getByRole('dialog', { name: 'Add location' });
    await expect(addModal.getByLabel('Street and number')).toBeVisible();
    await addModal.getByLabel('Postcode').fill('1');
    await addModal.getByLabel('Postcode').blur();
    await expect(addModal.getByText('Please enter a postal code that is valid for the country.')).toBeVisible();
    await addModal.getByRole('button', { name: 'Cancel' }).click();
    await expectNoSeriousAxeViolations(page, 'location list (en)');
    await switchLanguage(page, 'de_DE');
    await expect(page.getByRole('heading', { name: 'Standorte' })).toBeVisible();
  });

  test('create, edit, assign and remove members, delete', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/locations/list');
    await page.getByTestId('add-location').click();
    const modal = page.getByRole('dialog', { name: 'Standort hinzufügen' });
    await expect(modal).toBeVisible();
    // Required name: the browser refuses before sending.
    await modal.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(modal.getByText('Das Feld "Name" ist erforderlich')).toBeVisible();
    await modal.getByLabel('Name').fill('Zentrale Berlin');
    await modal.getByLabel('Art des Standorts').selectOption('branch');
    await modal.getByLabel('Fläche in m²').fill('abc');
    await expect(modal.getByText('Bitte geben Sie nur Ziffern ein.')).toBeVisible();
    await modal.getByLabel('Fläche in m²').fill('1800');
    await modal.getByLabel('Ort', { exact: true }).fill('Graz');
    await modal.getByLabel('Land', { exact: true }).selectOption('AT');
    // The postal address; the postcode is checked against the country chosen (five digits are German, not Austrian).
    await modal.getByLabel('Straße und Hausnummer').fill('Conrad-von-Hötzendorf-Straße 94');
    await modal.getByLabel('Postleitzahl').fill('80331');
    await modal.getByLabel('Postleitzahl').blur();
    await expect(modal.getByText('Bitte geben Sie eine für das Land gültige Postleitzahl ein.')).toBeVisible();
    await modal.getByLabel('Postleitzahl').fill('8010');
    await expect(modal.getByText('Bitte geben Sie eine für das Land gültige Postleitzahl ein.')).toBeHidden();
    // A responsible person, found by the server search.
    await modal.getByTestId('responsible-picker').getByRole('combobox').fill('mitarbeiter');
    await modal.getByRole('option', { name: /Mitarbeiter, Mara/ }).click();
    await expect(modal.getByRole('list', { name: 'Ausgewählte Mitarbeiter' })).toContainText('Mara Mitarbeiter');
    await page.screenshot({ path: `${SCREENSHOTS}locations-create-de.png` });
    await expectNoSeriousAxeViolations(page, 'create modal');
    // The name is taken: the server's code shows in the modal.
    await modal.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(page.getByTestId('create-location-error')).toHaveText('Dieser Standort existiert bereits.');
    await modal.getByLabel('Name').fill("Werk Graz – O'Brien");
    await modal.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(page.getByTestId('toast-success')).toContainText("„Werk Graz – O'Brien“ wurde angelegt");
    await expect(page).toHaveURL(/\/dashboard\/company\/locations\/details\/[0-9a-f-]+\/details$/);
    await expect(page.getByRole('heading', { name: "Werk Graz – O'Brien" })).toBeVisible();

    // Edit on the details tab.
    const form = page.getByTestId('location-details-form');
    await expect(form.getByLabel('Fläche in m²')).toHaveValue('1800');
    await form.getByLabel('Fläche in m²').fill('2100');
    await form.getByLabel('Art des Standorts').selectOption('headquarters');
    await page.screenshot({ path: `${SCREENSHOTS}locations-details-de.png`, fullPage: true });
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Der Standort wurde gespeichert.');
    await page.reload();
    await expect(page.getByTestId('location-details-form').getByLabel('Fläche in m²')).toHaveValue('2100');
    await expect(page.getByTestId('location-details-form').getByLabel('Straße und Hausnummer')).toHaveValue(
      'Conrad-von-Hötzendorf-Straße 94',
    );
    await expect(page.getByTestId('location-details-form').getByLabel('Postleitzahl')).toHaveValue('8010');

    // Members: the responsible person is there; assign two more with the keyboard.
    await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).last().click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Verantwortlich');
    await page.getByTestId('assign-members').focus();
    await page.keyboard.press('Enter');
    const assign = page.getByRole('dialog', { name: /zuordnen/ });
    await expect(assign).toBeVisible();
    await expect(assign.getByRole('button', { name: '0 Mitarbeiter zuordnen' })).toBeDisabled();
    const picker = assign.getByRole('combobox');
    await picker.fill('lindner');
    await expect(assign.getByRole('option', { name: /Lindner, Lars/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(assign.getByRole('list', { name: 'Ausgewählte Mitarbeiter' })).toContainText('Lars Lindner');
    await picker.fill('oberholz');
    await assign.getByRole('option', { name: /Oberholz, Olivia/ }).click();
    await page.screenshot({ path: `${SCREENSHOTS}locations-assign-de.png` });
    await assign.getByRole('button', { name: '2 Mitarbeiter zuordnen' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('2 Mitarbeiter wurden zugeordnet.');
    await expect(rows(page)).toHaveCount(3);
    await page.screenshot({ path: `${SCREENSHOTS}locations-members-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'member tab');

    // Removing the responsible person is refused in the modal; the others go.
    await page.getByTestId('select-all').check();
    await page.getByTestId('bulk-remove').click();
    const removeModal = page.getByRole('dialog', { name: '3 Mitarbeiter entfernen?' });
    await expect(removeModal.getByText(/Verantwortliche Personen lassen sich nicht entfernen/)).toBeVisible();
    await expect(removeModal.getByRole('button', { name: '3 Mitarbeiter entfernen' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(removeModal).toBeHidden();
    // The selection stays: leave the responsible person out.
    await page.getByRole('checkbox', { name: /Mara Mitarbeiter/ }).uncheck();
    await page.getByTestId('bulk-remove').click();
    await page
      .getByRole('dialog', { name: '2 Mitarbeiter entfernen?' })
      .getByRole('button', { name: '2 Mitarbeiter entfernen' })
      .click();
    await expect(page.getByTestId('toast-success').last()).toContainText('2 Mitarbeiter wurden entfernt.');
    await expect(rows(page)).toHaveCount(1);

    // Delete from the details page: the modal names what is lost.
    await page.getByRole('button', { name: 'Löschen' }).click();
    const deleteModal = page.getByRole('dialog', { name: 'Standort löschen?' });
    await expect(deleteModal).toContainText("Werk Graz – O'Brien");
    await expect(deleteModal).toContainText('1 Mitarbeiter verliert damit die Zuordnung');
    await deleteModal.getByRole('button', { name: 'Standort löschen' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('Der Standort wurde gelöscht.');
    await expect(page).toHaveURL(/\/dashboard\/company\/locations\/list$/);
    await expect(rows(page)).toHaveCount(4);
    // Deleted from its members tab: no "not found" error for the location just deleted.
    await waitForQuietNetwork(page);
    await expect(page.getByTestId('toast-danger')).toHaveCount(0);
  });

  test('delete several from the list with a bulk action', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/locations/list');
    for (const name of ['Lager Nord', 'Lager Süd']) {
      await page.getByTestId('add-location').click();
      const modal = page.getByRole('dialog', { name: 'Standort hinzufügen' });
      await modal.getByLabel('Name').fill(name);
      await modal.getByRole('button', { name: 'Hinzufügen' }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await page.getByRole('link', { name: 'Zurück zu den Standorten' }).click();
    }
    await expect(rows(page)).toHaveCount(6);
    await page.getByLabel('Suche').fill('Lager ');
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Lager Nord' }).check();
    await page.getByRole('checkbox', { name: 'Lager Süd' }).check();
    await page.getByTestId('bulk-delete').click();
    const modal = page.getByRole('dialog', { name: '2 Standorte löschen?' });
    await expect(modal.getByRole('listitem')).toHaveText(['Lager Nord', 'Lager Süd']);
    await modal.getByRole('button', { name: '2 Standorte löschen' }).click();
    await expect(page.getByTestId('toast-success').last()).toContainText('2 Standorte wurden gelöscht.');
    await expect(rows(page)).toHaveCount(1);
  });

  test('a loc-admin sees his location only, reads its details and removes members, without edit or assign', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'loc.admin');
    await page.getByRole('link', { name: 'Standorte' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Büro Wien');
    await expect(page.getByTestId('add-location')).toHaveCount(0);
    await expect(page.getByTestId('bulk-delete')).toHaveCount(0);
    await page.getByRole('link', { name: 'Büro Wien' }).click();
    await expect(page.getByTestId('location-details')).toContainText('Österreich');
    await expect(page.getByTestId('location-details-form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).last().click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('assign-members')).toHaveCount(0);
    await expect(page.getByTestId('bulk-remove')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'loc-admin member tab');
  });
});
