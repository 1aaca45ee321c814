import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage, waitForQuietNetwork } from './helpers';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots/';

test.describe('company: member groups', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
  });

  test('create a group, assign and remove members, rename, delete', async ({ page }) => {
    const name = `Ersthelfer Halle ${Date.now()}`;
    await page.goto('/dashboard/company/members/group/list');
    await expect(page.getByRole('heading', { name: 'Gruppen' })).toBeVisible();
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows).toHaveCount(6);
    await expect(page.locator('.ui-table')).toContainText('Fachkraft für Arbeitssicherheit');
    await page.screenshot({ path: `${SHOTS}groups-list-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'member groups list');

    // Filter by type on the server.
    await page.getByLabel('Gruppenart').selectOption('work-council');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Betriebsrat');
    await page.getByLabel('Gruppenart').selectOption('');

    // Create (keyboard: type, Tab to the type, Enter submits).
    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    const create = page.getByTestId('create-group-modal');
    await create.getByLabel('Name').fill(name);
    await page.keyboard.press('Tab');
    await create.getByLabel('Gruppenart').selectOption('first-aid');
    await create.getByLabel('Name').press('Enter');
    await expect(page.getByText('Die Gruppe wurde angelegt.')).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page).toHaveURL(/\/group\/details\/[0-9a-f-]+\/member$/);

    // Assign two members with the picker.
    await page.getByRole('button', { name: 'Mitarbeiter zuordnen' }).click();
    const assign = page.getByTestId('assign-members-modal');
    const picker = assign.getByRole('combobox');
    await picker.fill('adler');
    await assign.getByRole('option', { name: /Adler, Arne/ }).click();
    await picker.fill('mitarbeiter');
    await expect(assign.getByRole('option', { name: /Mitarbeiter, Mara/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await assign.getByRole('button', { name: '2 Mitarbeiter zuordnen' }).click();
    await expect(page.getByText('2 Mitarbeiter wurden zugeordnet.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}groups-members-de.png`, fullPage: true });

    // Remove one.
    await page.getByRole('checkbox', { name: /Arne Adler/ }).check();
    await page.getByRole('button', { name: 'Auswahl entfernen' }).click();
    await page.getByTestId('remove-members-modal').getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByText('1 Mitarbeiter wurde entfernt.')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // Rename and change the type, in English.
    await switchLanguage(page, 'en_GB');
    await page.getByRole('link', { name: 'Details' }).last().click();
    const form = page.getByTestId('group-details-form');
    await form.getByLabel('Name').fill(`${name} B`);
    await form.getByLabel('Group type').selectOption({ label: 'Fire warden' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The group has been saved.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} B` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}groups-details-en.png`, fullPage: true });

    // Delete from the members tab: the success toast only, no "not found" for the group just deleted.
    await page.getByRole('main').getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page).toHaveURL(/\/group\/details\/[0-9a-f-]+\/member$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-groups-modal').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The group has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/group\/list$/);
    await expect(rows).toHaveCount(6);
    await waitForQuietNetwork(page);
    await expect(page.getByTestId('toast-danger')).toHaveCount(0);
    await switchLanguage(page, 'de_DE');
  });

  test('assign a whole org unit and two single members in one go, without closing the picker', async ({ page }) => {
    const name = `Ersthelfer Endmontage ${Date.now()}`;
    await page.goto('/dashboard/company/members/group/list');
    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    const create = page.getByTestId('create-group-modal');
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Gruppenart').selectOption('first-aid');
    await create.getByLabel('Name').press('Enter');
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.getByRole('button', { name: 'Mitarbeiter zuordnen' }).click();
    const assign = page.getByTestId('assign-members-modal');
    const picker = assign.getByRole('combobox', {
      name: 'Mitarbeiter, Organisationseinheit, Gruppe oder Standort suchen',
    });
    // The whole unit: one pick adds all its members.
    await picker.fill('endmon');
    const unit = assign
      .getByRole('group', { name: 'Ganze Organisationseinheit' })
      .getByRole('option', { name: /Endmontage/ });
    const unitSize = Number((await unit.textContent())?.match(/(\d+) Mitarbeiter/)?.[1]);
    expect(unitSize).toBeGreaterThan(1);
    await unit.click();
    await expect(assign.getByTestId('member-picker-notice')).toHaveText(
      `${unitSize} Mitarbeiter von „Endmontage“ hinzugefügt.`,
    );
    await expect(picker).toHaveValue('');
    await expect(picker).toBeFocused();
    // Then two single members, one by click and one by keyboard: the modal stays open.
    await picker.fill('adler');
    await assign.getByRole('option', { name: /Adler, Arne/ }).click();
    await picker.fill('mitarbeiter');
    await expect(assign.getByRole('option', { name: /Mitarbeiter, Mara/ })).toBeVisible();
    await page.keyboard.press('Enter');
    const total = unitSize + 2;
    await expect(assign.getByText(`${total} Mitarbeiter ausgewählt`)).toBeVisible();
    await expect(assign.getByRole('list', { name: 'Ausgewählte Mitarbeiter' }).getByRole('listitem')).toHaveCount(
      total,
    );
    await picker.fill('endmon');
    await expect(unit).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}member-picker-de.png` });
    await expectNoSeriousAxeViolations(page, 'member picker');
    await page.keyboard.press('Escape');
    await expect(assign).toBeVisible();

    await assign.getByRole('button', { name: `${total} Mitarbeiter zuordnen` }).click();
    await expect(page.getByText(`${total} Mitarbeiter wurden zugeordnet.`)).toBeVisible();
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows).toHaveCount(total);
    await expect(page.locator('.ui-table tbody')).toContainText('Adler');
    await expect(page.locator('.ui-table tbody')).toContainText('Mitarbeiter');

    // In English: the same picker, its own words.
    await switchLanguage(page, 'en_GB');
    await page.getByRole('button', { name: 'Assign members' }).click();
    const english = page.getByTestId('assign-members-modal');
    await english.getByRole('combobox', { name: 'Search members, org units, groups or locations' }).fill('endmon');
    await expect(english.getByRole('group', { name: 'Whole org unit' })).toContainText(`all ${unitSize} members`);
    await page.screenshot({ path: `${SHOTS}member-picker-en.png` });
    await english.getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, 'de_DE');

    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByTestId('delete-groups-modal').getByRole('button', { name: 'Löschen' }).click();
    await expect(page).toHaveURL(/\/group\/list$/);
    await expect(page.getByTestId('toast-success').last()).toContainText('Die Gruppe wurde gelöscht.');
    await waitForQuietNetwork(page);
    await expect(page.getByTestId('toast-danger')).toHaveCount(0);
  });
});
