import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openSignedIn } from './helpers';

/** The building-block gallery (shared-ui/gallery), built with rspack and served by its own small server. */
const galleryDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared-ui/gallery');
let server: Server;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { buildGallery } = (await import(pathToFileURL(path.join(galleryDir, 'build.mjs')).href)) as {
    buildGallery(): Promise<string>;
  };
  const { startGalleryServer } = (await import(pathToFileURL(path.join(galleryDir, 'serve.mjs')).href)) as {
    startGalleryServer(dist: string, port?: number): Promise<Server>;
  };
  server = await startGalleryServer(await buildGallery(), 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function open(page: Page, search = '') {
  await page.goto(`${base}/${search}`);
  await expect(page.getByRole('heading', { name: 'Building blocks' })).toBeVisible();
}

test.describe('building-block gallery', () => {
  test('has no serious or critical accessibility violations, also with open dropdown and dialog', async ({ page }) => {
    await open(page);
    const check = () => expectNoSeriousAxeViolations(page, 'gallery');
    await check();
    await page.getByRole('combobox', { name: /^Colour\b/ }).click();
    await check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open dialog 40 rem' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check();
  });

  test('table: sorting, selection and bulk export by keyboard; state in the URL', async ({ page }) => {
    await open(page);
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows).toHaveCount(25);
    const sort = page.getByTestId('sort-name');
    await sort.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sortDirection=desc/);
    await expect(rows.first()).toContainText('Person 60');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sortDirection=asc/);
    // The rows in the new order before selecting: new rows clear the selection (it belongs to the page shown).
    await expect(rows.first()).toContainText('Person 01');

    // Select-all by keyboard, then the bulk action exports the page as CSV.
    await page.getByTestId('select-all').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('table-selected')).toHaveText('25 selected');
    await page.getByRole('checkbox', { name: 'Select row Person 02' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('table-selected')).toHaveText('24 selected');
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-export').focus();
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('people.csv');

    // Only permitted row actions; "open" shows a dialog.
    await expect(page.getByRole('button', { name: /^Archive:/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open: Person 01' }).press('Enter');
    await expect(page.getByRole('dialog', { name: 'Person 01' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Typeahead search and the empty state; a reload keeps the state.
    await page.getByLabel('Search').fill('nobody');
    await expect(page.getByText('Nobody matches.')).toBeVisible();
    await expect(page).toHaveURL(/f\.search=nobody/);
    await page.reload();
    await expect(page.getByText('Nobody matches.')).toBeVisible();
    await page.goto(`${base}/?perPage=50&page=2`);
    await expect(rows).toHaveCount(10);
  });

  test('dropdown: keyboard opens, moves with wrap-around, chooses; Escape closes', async ({ page }) => {
    await open(page);
    const single = page.getByRole('combobox', { name: /^Colour\b/ });
    await single.focus();
    await page.keyboard.press('Enter');
    await expect(single).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', { name: 'Colour' });
    await expect(listbox).toBeVisible();
    await page.keyboard.press('ArrowUp'); // wraps to the last entry
    await expect(page.locator('.ui-dropdown__option.is-active')).toHaveText('OK');
    await page.keyboard.press('ArrowDown'); // wraps to the first
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // skips the disabled "Blue"
    await page.keyboard.press('Enter');
    await expect(single).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('dropdown-values')).toHaveText('yellow / –');
    await page.keyboard.press('Space');
    await expect(single).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(single).toHaveAttribute('aria-expanded', 'false');
    await expect(single).toBeFocused();

    const multi = page.getByRole('combobox', { name: /Colours/ });
    await multi.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // a third entry is refused (max 2)
    await expect(page.getByTestId('dropdown-values')).toHaveText('yellow / red, green');
    await expect(multi).toHaveAttribute('aria-expanded', 'true');
    const box = await page.locator('#dropdown-multi-list').boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(22 * 16 + 1);
  });

  test('dialog: focus moves in, is trapped, Escape closes and focus returns', async ({ page }) => {
    await open(page);
    const opener = page.getByRole('button', { name: 'Open dialog 50 rem' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Archive 2 members?' });
    await expect(dialog).toBeVisible();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(50 * 16);
    await expect(dialog.getByRole('listitem')).toHaveText(['Anna Schmidt', 'Ben Müller']);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Archive' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Archive' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.getByTestId('dialog-result')).toHaveText('cancelled');
  });

  test('upload: refused types give a danger toast; files upload with progress, done or error', async ({ page }) => {
    await open(page);
    const input = page.locator('.ui-upload input[type="file"]');
    await input.setInputFiles([
      { name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(300_000, 1) },
      { name: 'fail.txt', mimeType: 'text/plain', buffer: Buffer.from('no') },
    ]);
    await expect(page.getByRole('alert').filter({ hasText: 'notes.exe' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('upload-status')).toHaveText(['Uploaded', 'Failed (File.StreamFailed)']);
  });

  test('forms: errors only after touch, postal code against the country', async ({ page }) => {
    await open(page);
    const postal = page.getByLabel('Postal code');
    await postal.fill('1010');
    await expect(page.getByText('Please enter a postal code that is valid for the country.')).toHaveCount(0);
    await postal.blur();
    await expect(page.getByText('Please enter a postal code that is valid for the country.')).toBeVisible();
    await page.getByLabel('Country').selectOption('AT');
    await expect(page.getByText('Please enter a postal code that is valid for the country.')).toHaveCount(0);
    await page.getByLabel('Company ID').fill('ACME');
    await expect(page.getByLabel('Company ID')).toHaveValue('acme');
  });
});

test.describe('the member list uses the table features', () => {
  test('select members, export them as CSV, a row action opens its dialog, a name opens the details', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/company/members/list?f.search=admin');
    const rows = page.locator('.ui-table tbody tr');
    // The filtered page, not a page shown while it loads.
    await expect(page.locator('.ui-table table')).toHaveAttribute('aria-busy', 'false');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    await page.getByRole('checkbox', { name: 'Alle Zeilen dieser Seite auswählen' }).check();
    await expect(page.getByTestId('table-selected')).toHaveText(`${count} ausgewählt`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Auswahl als CSV exportieren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mitarbeiter.csv');
    const text = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      });
    });
    expect(text.split('\r\n')[0]).toBe('\uFEFFNachname;Vorname;Benutzername;E-Mail;Rolle;Status;Letzte Anmeldung');
    expect(text.trim().split('\r\n')).toHaveLength(count + 1);

    await rows
      .first()
      .getByRole('button', { name: /^Archivieren:/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await rows.first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/details\/[0-9a-f-]+\/details$/);
  });
});
