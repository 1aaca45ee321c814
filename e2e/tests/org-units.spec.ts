import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signIn, switchLanguage } from './helpers';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots/';

test.describe('company: org units', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'acme', 'admin');
  });

  test('the tree: create under a parent, rename, add members with the picker, copy, remove, delete', async ({
    page,
  }) => {
    const name = `Qualitätssicherung ${Date.now()}`;
    await page.goto('/dashboard/company/org-units/list');
    const tree = page.getByTestId('org-unit-tree');
    await expect(tree.getByRole('link', { name: 'ACME Sicherheit GmbH' })).toBeVisible();
    await expect(tree.getByText('Standard')).toBeVisible();
    await expect(tree.locator('[data-depth="3"]')).toContainText('Endmontage');
    await page.screenshot({ path: `${SHOTS}org-units-tree-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'tree');

    // Create below Produktion, by keyboard in the modal.
    await page.getByRole('button', { name: 'Untereinheit anlegen unter Produktion' }).click();
    const create = page.getByTestId('create-org-unit-modal');
    await expect(create.getByLabel('Übergeordnete Einheit')).toHaveValue(/.+/);
    await create.getByLabel('Name').fill(name);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Die Organisationseinheit wurde angelegt.')).toBeVisible();
    const node = tree.getByTestId('org-unit-node').filter({ hasText: name });
    await expect(node).toHaveAttribute('data-depth', '2');

    // Rename on the details tab.
    await node.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const form = page.getByTestId('org-unit-details-form');
    await form.getByLabel('Name').fill(`${name} Nord`);
    await form.getByRole('checkbox', { name: 'Adler, Arne' }).check();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Organisationseinheit wurde gespeichert.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} Nord` })).toBeVisible();

    // Members: add one with the picker (server search, keyboard), then copy Lackiererei's.
    await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).last().click();
    await expect(page.getByText('Keine Mitarbeiter zugeordnet.')).toBeVisible();
    await page.getByRole('button', { name: 'Mitarbeiter zuordnen' }).click();
    const assign = page.getByTestId('assign-members-modal');
    const search = page.waitForRequest((request) => request.url().endsWith('/api/memberlist/getlist'));
    await assign.getByRole('combobox').fill('mitarb');
    expect(((await search).postDataJSON() as { filter: { search: string } }).filter.search).toBe('mitarb');
    await expect(assign.getByRole('option', { name: /Mitarbeiter, Mara/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(assign.getByRole('button', { name: 'Mara Mitarbeiter aus der Auswahl entfernen' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}org-units-assign-de.png` });
    await expectNoSeriousAxeViolations(page, 'assign modal');
    await assign.getByRole('button', { name: '1 Mitarbeiter zuordnen' }).click();
    await expect(page.getByText('1 Mitarbeiter wurde zugeordnet.')).toBeVisible();
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows).toHaveCount(1);

    await page.getByRole('button', { name: 'Mitarbeiter aus anderer Organisationseinheit übernehmen' }).click();
    const copy = page.getByTestId('copy-members-modal');
    await copy.getByLabel('Organisationseinheit').selectOption({ label: '— — Lackiererei' });
    await copy.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.getByText(/Mitarbeiter wurden? übernommen/)).toBeVisible();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}org-units-members-de.png`, fullPage: true });

    // Remove Mara again (bulk action), confirmed in a modal that names her.
    await page.getByRole('checkbox', { name: /Mara Mitarbeiter/ }).check();
    await page.getByRole('button', { name: 'Auswahl entfernen' }).click();
    const remove = page.getByTestId('remove-members-modal');
    await expect(remove).toContainText('Mara Mitarbeiter');
    await remove.getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByText('1 Mitarbeiter wurde entfernt.')).toBeVisible();
    await expect(page.locator('.ui-table tbody')).not.toContainText('Mitarbeiter, Mara');

    // Delete the unit.
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByTestId('delete-org-unit-modal').getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Die Organisationseinheit wurde gelöscht.')).toBeVisible();
    await expect(page).toHaveURL(/\/org-units\/list$/);
    await expect(tree).not.toContainText(name);
  });

  test('the default unit says it holds everybody and offers no member changes; English', async ({ page }) => {
    await page.goto('/dashboard/company/org-units/list');
    await page.getByTestId('org-unit-tree').getByRole('link', { name: 'ACME Sicherheit GmbH' }).click();
    await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).last().click();
    await expect(page.getByText('enthält automatisch alle Mitarbeiter')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mitarbeiter zuordnen' })).toHaveCount(0);
    await expect(page.getByTestId('table-range')).toContainText('von');

    await switchLanguage(page, 'en_GB');
    await expect(page.getByText('automatically contains every member')).toBeVisible();
    await page.goto('/dashboard/company/org-units/list');
    await expect(page.getByRole('heading', { name: 'Org units' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add sub-unit under Produktion' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}org-units-tree-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
  });
});
