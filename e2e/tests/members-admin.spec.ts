import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

/**
 * Archives and deletes a member this file added, through the API as the signed-in admin: the member list's browser
 * tests count the demo members and must not find it.
 */
async function removeMember(page: Page, uuid: string) {
  const cookies = await page.context().cookies();
  const headers = { 'X-XSRF-TOKEN': cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' };
  for (const path of ['/api/memberlist/archivemember', '/api/archivedmember/deletemember']) {
    const response = await page.request.post(path, { data: { uuids: [uuid] }, headers });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Switches the signed-in member's language with the header's switch (it is stored with the member). */
async function speak(page: Page, language: 'de_DE' | 'en_GB') {
  await switchLanguage(page, language);
  await expect(page.getByRole('button', { name: language === 'en_GB' ? 'Sign out' : 'Abmelden' })).toBeVisible();
}

/** A member from hire to deletion, as acme's admin does it in the browser. */
test('add a member with an umlaut name, find, edit, archive, restore and delete it', async ({ page }) => {
  // A long walk through five screens: on a busy machine it needs more than the default minute.
  test.setTimeout(120_000);
  const suffix = Date.now().toString().slice(-6);
  const lastName = `Öztürk${suffix}`;
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/list');
  await page.getByTestId('add-member').click();
  const modal = page.getByTestId('add-member-modal');
  await expect(modal).toBeVisible();
  await modal.getByLabel('Vorname').fill('Jürgen');
  await modal.getByLabel('Nachname').fill(lastName);
  // The username follows the name (umlauts transliterated).
  await expect(modal.getByLabel('Benutzername')).toHaveValue(`juergen.oeztuerk${suffix}`);
  await modal.getByLabel('E-Mail').fill(`juergen${suffix}@example.de`);
  // The countries offered for the address (spec: AT and DE), as in the company and location forms.
  await expect(modal.getByLabel('Land').locator('option:not([value=""])')).toHaveText(['Deutschland', 'Österreich']);
  await expectNoSeriousAxeViolations(page, '[data-testid=add-member-modal]', '[data-testid=add-member-modal]');
  await page.screenshot({ path: '/tmp/members-shots/add-de.png', fullPage: true });
  // Keyboard: the submit button is reached with Tab and pressed with Enter.
  await modal.getByRole('button', { name: 'Hinzufügen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/members\/details\/[0-9a-f-]+\/details/);
  await expect(page.getByRole('heading', { name: `Jürgen ${lastName}` })).toBeVisible();

  // Edit: the city, then the history shows before and after.
  await page.getByLabel('Ort').fill('Köln');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('wurden gespeichert')).toBeVisible();
  // The org-units tab in German: one unit more.
  await page.getByRole('main').getByRole('link', { name: 'Organisationseinheiten', exact: true }).click();
  const assignments = page.getByTestId('member-assignments-form');
  await assignments.getByRole('checkbox', { name: 'Logistik' }).check();
  await expect(assignments).toContainText('1 ausgewählt');
  await assignments.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(`Die Zuordnungen von Jürgen ${lastName} wurden gespeichert.`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'main', 'main');
  await page.screenshot({ path: '/tmp/members-shots/org-units-de.png', fullPage: true });
  await page.getByRole('main').getByRole('link', { name: 'Verlauf', exact: true }).click();
  await expect(page.getByTestId('member-history')).toContainText('Ort: – → Köln');
  await expect(page.getByTestId('member-history')).toContainText('Als Mitarbeiter angelegt');
  await expect(page.getByTestId('member-history')).toContainText('Organisationseinheiten: – → Logistik');
  await expectNoSeriousAxeViolations(page, 'main', 'main');
  await page.screenshot({ path: '/tmp/members-shots/history-de.png', fullPage: true });

  // Find it in the list and archive it (the row action, then the confirmation with the keyboard).
  const archiveFromList = async () => {
    await page.goto(`/dashboard/company/members/list?f.search=${lastName}`);
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await expect(row).toBeVisible();
    await row.getByTestId('row-archive').click();
    const dialog = page.getByTestId('archive-members-dialog');
    await expect(dialog).toContainText(`Jürgen ${lastName}`);
    await expectNoSeriousAxeViolations(
      page,
      '[data-testid=archive-members-dialog]',
      '[data-testid=archive-members-dialog]',
    );
    await dialog.getByRole('button', { name: 'Archivieren' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ein Mitarbeiter wurde archiviert.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(0);
  };
  await archiveFromList();

  // Restore it from the archive.
  await page.goto(`/dashboard/company/members/archive/list?f.search=${lastName}`);
  await page
    .getByRole('row', { name: new RegExp(lastName) })
    .getByTestId('row-restore')
    .click();
  await expect(page.getByTestId('restore-dialog')).toBeVisible();
  await expectNoSeriousAxeViolations(page, '[data-testid=restore-dialog]', '[data-testid=restore-dialog]');
  await page.getByTestId('restore-dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(page.getByText('Ein Mitarbeiter wurde wiederhergestellt.')).toBeVisible();

  // Archive again and delete for good; the confirmation names what is lost.
  await archiveFromList();
  await page.goto(`/dashboard/company/members/archive/list?f.search=${lastName}`);
  await page
    .getByRole('row', { name: new RegExp(lastName) })
    .getByTestId('row-delete')
    .click();
  const confirm = page.getByTestId('delete-dialog');
  await expect(confirm).toContainText('Geburtsdatum');
  await expectNoSeriousAxeViolations(page, '[data-testid=delete-dialog]', '[data-testid=delete-dialog]');
  await page.screenshot({ path: '/tmp/members-shots/delete-de.png' });
  await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page.getByText('Ein Mitarbeiter wurde endgültig gelöscht.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toHaveCount(0);
});

test('the archive speaks English', async ({ page }) => {
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/archive/list');
  await switchLanguage(page, 'en_GB');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Archive' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Archived on/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'main', 'main');
  await page.screenshot({ path: '/tmp/members-shots/archive-en.png' });
  await switchLanguage(page, 'de_DE');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
});

test('in English: add a member by keyboard, edit the details, change the org units, read the history', async ({
  page,
}) => {
  const suffix = Date.now().toString().slice(-6);
  const lastName = `O'Brien${suffix}`;
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/list');
  await speak(page, 'en_GB');
  let added: string | null = null;
  try {
    // The add modal, by keyboard only: Enter opens it, focus starts in the first name, Tab moves on.
    await page.getByTestId('add-member').focus();
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('add-member-modal');
    await expect(modal.getByRole('heading', { name: 'Add member' })).toBeVisible();
    await expect(modal.getByLabel('First name')).toBeFocused();
    await page.keyboard.type('Siobhán');
    await page.keyboard.press('Tab');
    await expect(modal.getByLabel('Last name')).toBeFocused();
    await page.keyboard.type(lastName);
    await page.keyboard.press('Tab');
    await expect(modal.getByLabel('E-mail')).toBeFocused();
    await page.keyboard.type(`siobhan${suffix}@example.ie`);
    // The username follows the names (the apostrophe and the accent dropped) and is checked while the form is open.
    await expect(modal.getByLabel('Username')).toHaveValue(`siobhan.obrien${suffix}`);
    await expect(modal.getByTestId('username-taken')).toHaveCount(0);
    // A taken name is said 250 ms after typing stops; the form does not send it.
    await modal.getByLabel('Username').fill('admin');
    await expect(modal.getByTestId('username-taken')).toHaveText('This username is already taken.');
    await modal.getByLabel('Username').fill(`siobhan.obrien${suffix}`);
    await expect(modal.getByTestId('username-taken')).toHaveCount(0);
    await expect(modal.getByLabel('Country')).toHaveValue('DE');
    await expect(modal.getByLabel('Country').locator('option:checked')).toHaveText('Germany');
    await expect(modal.getByLabel('Country').locator('option:not([value=""])')).toHaveText(['Austria', 'Germany']);
    // The org unit tree, indented: a unit below another sits further right.
    const pickUnits = modal.getByTestId('pick-org-units');
    const root = pickUnits.getByRole('checkbox', { name: /ACME Sicherheit GmbH/ });
    await expect(root).toBeChecked();
    await expect(root).toBeDisabled();
    const production = pickUnits.getByRole('checkbox', { name: 'Produktion' });
    const assembly = pickUnits.getByRole('checkbox', { name: 'Montage', exact: true });
    const x = async (box: typeof production) => (await box.boundingBox())?.x ?? 0;
    expect(await x(assembly)).toBeGreaterThan(await x(production));
    expect(await x(production)).toBeGreaterThan(await x(root));
    await production.focus();
    await page.keyboard.press('Space');
    await expect(production).toBeChecked();
    await expect(pickUnits).toContainText('1 selected');
    await expectNoSeriousAxeViolations(page, '[data-testid=add-member-modal]', '[data-testid=add-member-modal]');
    await page.screenshot({ path: '/tmp/members-shots/add-en.png', fullPage: true });
    // Enter in a field sends the form.
    await modal.getByLabel('Last name').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Siobhán ${lastName} has been added`)).toBeVisible();
    await expect(page).toHaveURL(/\/members\/details\/[0-9a-f-]+\/details/);
    added = /\/details\/([0-9a-f-]+)\//.exec(page.url())?.[1] ?? null;
    await expect(page.getByRole('heading', { name: `Siobhán ${lastName}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'main', 'main');

    // The details tab: town and role; the new member has never signed in.
    await expect(page.getByTestId('member-last-login')).toHaveText('Has never signed in.');
    await page.getByLabel('Town/city').fill('Cork');
    await page.getByLabel('Role').selectOption('ou-admin');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The changes to Siobhán ${lastName} have been saved.`)).toBeVisible();
    await page.screenshot({ path: '/tmp/members-shots/details-en.png', fullPage: true });

    // The org-units tab edits the units: Produktion out, Endmontage (found with the filter) in.
    await page.getByRole('main').getByRole('link', { name: 'Org units', exact: true }).click();
    const form = page.getByTestId('member-assignments-form');
    const units = form.getByTestId('pick-org-units');
    await expect(units.getByRole('checkbox', { name: 'Produktion' })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    await units.getByRole('checkbox', { name: 'Produktion' }).uncheck();
    await units.getByLabel('Filter org units').fill('endmont');
    // The match keeps its path: the root, Produktion and Montage stay as context.
    await expect(units.getByRole('checkbox')).toHaveCount(4);
    await units.getByRole('checkbox', { name: 'Endmontage' }).check();
    await expectNoSeriousAxeViolations(page, 'main', 'main');
    await page.screenshot({ path: '/tmp/members-shots/org-units-en.png', fullPage: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The assignments of Siobhán ${lastName} have been saved.`)).toBeVisible();
    // Stored: after a reload, Endmontage is ticked and Produktion is not.
    await page.reload();
    await expect(units.getByRole('checkbox', { name: 'Endmontage' })).toBeChecked();
    await expect(units.getByRole('checkbox', { name: 'Produktion' })).not.toBeChecked();
    // The member list's org unit filter finds the member in the new unit at once (its cache was cleared).
    await page.getByRole('link', { name: 'Back to the member list' }).click();
    const unitFilter = page.getByRole('combobox', { name: 'Org unit' });
    const endAssembly = await unitFilter.locator('option', { hasText: 'Endmontage' }).getAttribute('value');
    await unitFilter.selectOption(endAssembly ?? '');
    await expect(page.getByRole('row', { name: new RegExp(lastName) })).toBeVisible();
    await page
      .getByRole('row', { name: new RegExp(lastName) })
      .getByRole('link')
      .first()
      .click();

    // The history in words: who, a summary of the creation, translated fields and values.
    await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
    const history = page.getByTestId('member-history');
    await expect(history).toContainText('Added as Member of staff');
    await expect(history).toContainText('Org units: Produktion');
    await expect(history).toContainText('Town/city: – → Cork');
    await expect(history).toContainText('Role: Member of staff → Org unit administrator');
    await expect(history).toContainText('Org units: Produktion → Endmontage');
    await expect(history).toContainText('Arne Adler');
    await expect(history).not.toContainText('firstName');
    await expectNoSeriousAxeViolations(page, 'main', 'main');
    await page.screenshot({ path: '/tmp/members-shots/history-en.png', fullPage: true });
  } finally {
    await speak(page, 'de_DE');
    if (added) await removeMember(page, added);
  }
});

test('in English: the reset-passwords modal sends once, then names the 10-minute rule', async ({ page }) => {
  await openSignedIn(page, 'acme', 'admin');
  await page.goto('/dashboard/company/members/list');
  await speak(page, 'en_GB');
  try {
    await page.getByTestId('reset-passwords').click();
    const modal = page.getByTestId('reset-passwords-modal');
    await expect(modal.getByRole('heading', { name: 'Reset passwords' })).toBeVisible();
    await modal.getByLabel('Who receives an e-mail?').selectOption('noPassword');
    await expectNoSeriousAxeViolations(
      page,
      '[data-testid=reset-passwords-modal]',
      '[data-testid=reset-passwords-modal]',
    );
    await page.screenshot({ path: '/tmp/members-shots/reset-en.png' });
    await modal.getByRole('button', { name: 'Send e-mails' }).click();
    await expect(page.getByText(/e-mails? (has|have) been sent/)).toBeVisible();
    await expect(modal).toBeHidden();
    // Again at once: refused, and the modal says why (and stays open).
    await page.getByTestId('reset-passwords').click();
    await modal.getByRole('button', { name: 'Send e-mails' }).click();
    await expect(modal.getByTestId('reset-passwords-error')).toHaveText(
      'A reset is only possible once every 10 minutes.',
    );
    await expect(modal).toBeVisible();
    await page.screenshot({ path: '/tmp/members-shots/reset-refused-en.png' });
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  } finally {
    await speak(page, 'de_DE');
  }
});
