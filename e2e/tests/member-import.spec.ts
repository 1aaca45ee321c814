import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiSession, expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/**
 * What German Excel writes: Windows-1252 (these umlauts are the same bytes in Latin-1), `;`, CRLF, a title line
 * above the header. No username column: rows are matched by e-mail and usernames are generated as first.last.
 */
const STAFF_FILE = Buffer.from(
  [
    'Mitarbeiterliste Stand 01.11.2026',
    'Personalnummer;Vorname;Nachname;E-Mail;Org-Einheit;Standort',
    '5001;Jürgen;Größer;juergen.groesser@acme.example;Produktion;Werk Hamburg',
    '5002;Änne;Weißhaupt;aenne.weisshaupt@acme.example;Logistik;Lager München',
    '5003;Björn;Übelacker;;Verwaltung;',
    '5004;Falsch;Adresse;keine-adresse;;',
    '',
  ].join('\r\n'),
  'latin1',
);

test.describe('company: member import', () => {
  // The spec files share one database: the imported members leave again (archived, then deleted for good through
  // the product's own calls), so that other files find acme's demo members as seeded.
  test.afterAll(async ({ baseURL }) => {
    const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
    const uuids: string[] = [];
    for (const search of ['Größer', 'Weißhaupt', 'Übelacker']) {
      const list = await admin.post<{ items: Array<{ uuid: string }> }>('/api/memberlist/getlist', {
        filter: { search },
        page: 1,
        perPage: 25,
        sortBy: 'lastName',
        sortDirection: 'asc',
      });
      uuids.push(...list.items.map((member) => member.uuid));
    }
    if (uuids.length > 0) {
      await admin.post('/api/memberlist/archivemember', { uuids });
      await admin.post('/api/archivedmember/deletemember', { uuids });
    }
    await admin.dispose();
  });

  test('a cp1252 file walks through the wizard by keyboard, lands as a job, and the umlauts show in the list', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/members/list');
    await page.getByTestId('member-import-link').click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/import$/);
    await expect(page.getByRole('heading', { name: 'Mitarbeiter importieren', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Schritte des Imports' }).locator('[aria-current="step"]'),
    ).toContainText('CSV-Datei hochladen');
    await expectNoSeriousAxeViolations(page, 'upload step');

    // A file type the import does not read is refused before sending, with the spec's toast.
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'staff.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect(page.getByText('Der Dateityp von „staff.pdf“ ist nicht erlaubt.')).toBeVisible();
    await expect(page.locator('.ui-upload__entry')).toHaveCount(0);

    // Upload (real progress through XMLHttpRequest), then the server's detection.
    await input.setInputFiles({ name: 'mitarbeiter.csv', mimeType: 'text/csv', buffer: STAFF_FILE });
    await page.screenshot({ path: `${SCREENSHOTS}member-import-upload-de.png`, fullPage: true });
    await page.getByRole('button', { name: 'Hochladen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Felder zuordnen' })).toBeVisible();
    await expect(page.getByTestId('import-detected')).toHaveText(
      'mitarbeiter.csv: 4 Zeilen, Zeichensatz Windows-1252 (ANSI), Trennzeichen Semikolon, Kopfzeile in Zeile 2.',
    );
    await expect(page.getByTestId('import-preview')).toContainText('Jürgen');
    await expect(page.getByTestId('import-preview')).toContainText('Weißhaupt');
    await expect(page.getByLabel('Vorname')).toHaveValue('1');
    await expect(page.getByLabel('Org-Einheit')).toHaveValue('4');
    await expect(page.getByLabel('Benutzername')).toHaveValue('');
    // Every mapping can be changed: the personnel number is not imported this time, then again.
    await page.getByLabel('Personalnummer').selectOption('');
    await page.getByLabel('Personalnummer').selectOption('0');
    await page.screenshot({ path: `${SCREENSHOTS}member-import-mapping-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'mapping step');
    await page.getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');

    // Password option: an initial password for all, chosen with the arrow keys.
    await expect(page.getByRole('heading', { name: 'Passwort-Option' })).toBeVisible();
    await page.getByRole('radio', { name: /Kein Passwort/ }).check();
    await page.getByRole('radio', { name: /Initialpasswort für alle/ }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: /Initialpasswort für alle/ })).toBeChecked();
    await page.getByRole('button', { name: 'Zur Zusammenfassung' }).click();
    // Without a password the step does not go on; the field says why.
    await expect(page.getByText('Das Feld "Initialpasswort" ist erforderlich')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passwort-Option' })).toBeVisible();
    await page.getByLabel('Initialpasswort', { exact: true }).fill('Willkommen#2026');
    await expect(page.getByLabel('Fehlende Benutzernamen als vorname.nachname erzeugen')).toBeChecked();
    await page.screenshot({ path: `${SCREENSHOTS}member-import-password-de.png`, fullPage: true });
    await page.getByRole('button', { name: 'Zur Zusammenfassung' }).click();

    // Summary before anything is written: counts, the row error with line, column and message, the error rows.
    const summary = page.getByTestId('import-summary');
    await expect(summary.locator('[data-count=created]')).toHaveText('3');
    await expect(summary.locator('[data-count=skipped]')).toHaveText('1');
    const errors = page.getByTestId('import-errors');
    await expect(errors.locator('tbody tr')).toHaveCount(1);
    await expect(errors.locator('tbody tr').first()).toHaveText(
      /^6E-Mail„keine-adresse“ ist keine gültige E-Mail-Adresse\.$/,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Fehlerhafte Zeilen herunterladen (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mitarbeiter-errors.csv');
    const errorCsv = readFileSync((await file.path()) ?? '', 'utf8');
    expect(errorCsv.startsWith('\uFEFFPersonalnummer;Vorname;Nachname;E-Mail;Org-Einheit;Standort;line;errors')).toBe(
      true,
    );
    expect(errorCsv).toContain('5004;Falsch;Adresse;keine-adresse;;;6;');
    await page.screenshot({ path: `${SCREENSHOTS}member-import-summary-de.png`, fullPage: true });
    await expectNoSeriousAxeViolations(page, 'summary step');

    // Import as a batch job: the page follows it (the job's uuid is in the URL).
    await page.getByRole('button', { name: '3 Mitarbeiter importieren' }).click();
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
    const job = page.getByTestId('import-job');
    await expect(job).toHaveAttribute('data-status', 'finished');
    await expect(job).toContainText('Fertig: 3 von 3 erfolgreich verarbeitet.');
    await expect(page.getByTestId('import-result').locator('[data-count=created]')).toHaveText('3');
    await expect(page.getByText('3 angelegt, 0 aktualisiert.')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}member-import-job-de.png`, fullPage: true });
    const jobUrl = page.url();

    // The member list is fresh: the imported names with umlauts are there, without a reload.
    await page.getByRole('link', { name: 'Zur Mitarbeiterliste' }).last().click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/list$/);
    await page.getByLabel('Suche').fill('acme.example');
    await page.getByLabel('Einträge pro Seite').selectOption('100');
    const list = page.locator('.ui-table tbody');
    await expect(list).toContainText('Größer');
    await expect(list).toContainText('Weißhaupt');
    await page.getByLabel('Suche').fill('Übelacker');
    await expect(page.locator('.ui-table tbody tr')).toHaveCount(1);
    await expect(page.locator('.ui-table tbody tr').first()).toContainText('Björn');
    await expect(page.locator('.ui-table tbody tr').first()).toContainText('bjoern.uebelacker');

    // Leaving and coming back shows the job again (without announcing it a second time).
    await page.goto(jobUrl);
    await expect(page.getByTestId('import-job')).toHaveAttribute('data-status', 'finished');
    await expect(page.getByTestId('import-result').locator('[data-count=created]')).toHaveText('3');
    await expect(page.getByText('3 angelegt, 0 aktualisiert.')).toHaveCount(0);

    // The same file again creates nobody twice.
    await page.getByRole('button', { name: 'Weitere Datei importieren' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'mitarbeiter.csv', mimeType: 'text/csv', buffer: STAFF_FILE });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Zur Zusammenfassung' }).click();
    await expect(page.getByTestId('import-summary').locator('[data-count=created]')).toHaveText('0');
    await expect(page.getByTestId('import-summary').locator('[data-count=unchanged]')).toHaveText('3');
    await expect(page.getByRole('button', { name: '0 Mitarbeiter importieren' })).toBeDisabled();

    // In English.
    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('heading', { name: 'Import members', level: 1 })).toBeVisible();
    await expect(page.getByTestId('import-summary')).toContainText('Unchanged');
    await expect(page.getByTestId('import-errors').locator('tbody tr').first()).toContainText(
      '‘keine-adresse’ is not a valid e-mail address.',
    );
    await page.screenshot({ path: `${SCREENSHOTS}member-import-summary-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Password option' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}member-import-password-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Assign fields' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}member-import-mapping-en.png`, fullPage: true });
    await page.goto(jobUrl);
    await expect(page.getByTestId('import-job')).toContainText('Done: 3 of 3 processed successfully.');
    await page.screenshot({ path: `${SCREENSHOTS}member-import-job-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
    await expect(page.getByRole('heading', { name: 'Mitarbeiter importieren', level: 1 })).toBeVisible();
  });

  test('a malformed file names its line; members without the permission do not see the import', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/members/import');
    await page.locator('input[type=file]').setInputFiles({
      name: 'kaputt.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Vorname;Nachname\r\nA;B\r\n"C;D\r\n'),
    });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Zeile 3 ist fehlerhaft' })).toBeVisible();
    await page.getByTestId('logout').click();
    await expect(page.locator('input[name=username]')).toBeVisible();

    await openSignedIn(page, 'acme', 'ou.admin');
    await page.goto('/dashboard/company/members/list');
    await expect(page.locator('.ui-table tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('member-import-link')).toHaveCount(0);
  });
});
