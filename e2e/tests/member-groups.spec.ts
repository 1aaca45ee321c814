import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, switchLanguage } from './helpers';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots/';

test.describe('company: member groups', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'acme', 'admin');
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

    // Delete.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-groups-modal').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The group has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/group\/list$/);
    await expect(rows).toHaveCount(6);
    await switchLanguage(page, 'de_DE');
  });
});
