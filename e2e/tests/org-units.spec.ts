import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots/';

test.describe('company: org units', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
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
    // Responsible persons: the multi-select dropdown, by keyboard (Enter opens and chooses, Escape closes).
    const responsible = form.getByRole('combobox', { name: /Verantwortliche/ });
    await responsible.focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('option', { name: 'Adler, Arne' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}org-units-responsible-de.png` });
    // Candidates by role: super-admins first (Admiral), then admins (Adler).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('option', { name: 'Adler, Arne' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(responsible).toHaveAttribute('aria-expanded', 'false');
    await expect(responsible).toContainText('Adler, Arne');
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

  test('the org unit ID: proposed from the name, changed by hand, refused with the rule; English too', async ({
    page,
  }) => {
    const own = `werkarzt-${Date.now().toString(36)}`;
    await page.goto('/dashboard/company/org-units/list');
    const tree = page.getByTestId('org-unit-tree');
    const produktion = tree.getByTestId('org-unit-node').filter({ hasText: /^Produktion/ });
    const taken = (await produktion.getByTestId('org-unit-identifier').textContent()) ?? '';
    expect(taken).toMatch(/^produktion-\d{4}$/);

    await page.getByRole('button', { name: 'Untereinheit anlegen unter Verwaltung' }).click();
    const create = page.getByTestId('create-org-unit-modal');
    const identifier = create.getByLabel('ID');
    await create.getByLabel('Name').fill('Ärztlicher Dienst Süd');
    // Proposed: lowercase, umlauts transliterated, spaces to hyphens, a suffix 1000-9999.
    await expect(identifier).toHaveValue(/^aerztlicher-dienst-sued-[1-9]\d{3}$/);
    const suffix = (await identifier.inputValue()).slice(-4);
    await create.getByLabel('Name').fill('Ärztlicher Dienst');
    await expect(identifier).toHaveValue(`aerztlicher-dienst-${suffix}`);
    await page.screenshot({ path: `${SHOTS}org-units-create-id-de.png` });

    // Typed by hand: forced to lowercase; a space is refused with the rule's message, and nothing is sent.
    await identifier.fill('Werkarzt Süd');
    await expect(identifier).toHaveValue('werkarzt süd');
    await identifier.blur();
    const message = create.getByText('Die ID darf nur Kleinbuchstaben, Ziffern und Minuszeichen (-) enthalten.');
    await expect(message).toBeVisible();
    await expect(identifier).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}org-units-create-id-invalid-de.png` });
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(create).toBeVisible();

    // A valid ID of his own stays when the name changes again.
    await identifier.fill(own);
    await expect(message).toHaveCount(0);
    await create.getByLabel('Name').fill('Werksärztlicher Dienst');
    await expect(identifier).toHaveValue(own);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByText('Die Organisationseinheit wurde angelegt.')).toBeVisible();
    const node = tree.getByTestId('org-unit-node').filter({ hasText: 'Werksärztlicher Dienst' });
    await expect(node).toContainText(`ID: ${own}`);

    // Details: the ID is shown and can be changed; another unit's ID is refused with its own message.
    await node.getByRole('link', { name: 'Werksärztlicher Dienst' }).click();
    const form = page.getByTestId('org-unit-details-form');
    await expect(form.getByLabel('ID')).toHaveValue(own);
    await form.getByLabel('ID').fill(taken);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      page.getByText('Diese ID wird bereits von einer anderen Organisationseinheit verwendet.'),
    ).toBeVisible();
    await form.getByLabel('ID').fill(`${own}-2`);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Die Organisationseinheit wurde gespeichert.')).toBeVisible();
    await expect(form.getByLabel('ID')).toHaveValue(`${own}-2`);
    await page.screenshot({ path: `${SHOTS}org-units-details-id-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'details with ID');

    await switchLanguage(page, 'en_GB');
    await page.goto('/dashboard/company/org-units/list');
    await page.getByRole('button', { name: 'Add sub-unit under Verwaltung' }).click();
    const createEn = page.getByTestId('create-org-unit-modal');
    await createEn.getByLabel('Name').fill('First Aid North');
    await expect(createEn.getByLabel('ID')).toHaveValue(/^first-aid-north-[1-9]\d{3}$/);
    await createEn.getByLabel('ID').fill('first_aid');
    await createEn.getByLabel('ID').blur();
    await expect(
      createEn.getByText('The ID may contain only lowercase letters, digits and minus signs (-).'),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}org-units-create-id-invalid-en.png` });
    await createEn.getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, 'de_DE');
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
