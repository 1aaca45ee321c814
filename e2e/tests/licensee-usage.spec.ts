/**
 * Usage across clients end to end: the default licensee's admin opens the usage page from the sidebar, sees the
 * figures' time ("Stand") once the background refresh has run, the chart and only the licensee's own clients, sorts
 * by overdue tasks (a request to the server, kept in the URL) and downloads the .xlsx file, whose rows follow the
 * table's order. In German and English, at 1280 and 390 px.
 */

import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousAxeViolations, signInAsLicensee } from './helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/licensee-usage-${name}.png`, fullPage: true });

const rows = (page: Page) => page.locator('tbody tr');

async function openUsage(page: Page, language: 'de_DE' | 'en_GB', freshness: RegExp) {
  await signInAsLicensee(page, { language });
  await page.locator('[data-nav-id="licensee-usage"]').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\/usage/);
  // The server computes the figures shortly after its start (5 s); until then the page says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('usage-freshness')).toHaveText(freshness, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/** The numbers of one column of the table, top to bottom. */
async function columnNumbers(page: Page, column: string): Promise<number[]> {
  const texts = await rows(page).locator(`td[data-column="${column}"]`).allInnerTexts();
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

test('a licensee admin opens the usage across clients, sorts by overdue tasks and downloads the xlsx', async ({
  page,
}) => {
  await openUsage(page, 'de_DE', /^Stand: \d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByRole('heading', { name: 'Nutzung der Kunden' })).toBeVisible();
  await expect(page.locator('[data-nav-id="licensee-usage"]')).toHaveText('Nutzung');
  await expect(rows(page).filter({ hasText: 'ACME Sicherheit GmbH' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Globex Logistik AG' })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Initech' })).toHaveCount(0);
  await expect(page.getByTestId('usage-chart')).toBeVisible();
  await expect(page.getByTestId('usage-chart').locator('rect.usage-chart__bar--signedIn')).toHaveCount(
    await rows(page).count(),
  );
  await shot(page, 'de-1280');

  // Sorting by overdue tasks, most first: a request to the server, kept in the URL.
  const sorted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/licensee/usage/list') &&
      (response.request().postDataJSON() as { sortDirection: string }).sortDirection === 'desc',
  );
  await page.getByTestId('sort-overdueTasks').click();
  await page.getByTestId('sort-overdueTasks').click();
  expect(((await sorted).request().postDataJSON() as { sortBy: string }).sortBy).toBe('overdueTasks');
  await expect(page).toHaveURL(/sortBy=overdueTasks&sortDirection=desc/);
  const overdue = await columnNumbers(page, 'overdueTasks');
  expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
  // acme is the demo client with overdue work.
  expect(overdue[0]).toBeGreaterThan(0);
  await expect(rows(page).first()).toContainText('ACME Sicherheit GmbH');
  const identifiers = await rows(page).locator('td[data-column="name"] code').allInnerTexts();

  // The download: the same clients in the same order, figures as numbers.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-export').click()]);
  expect(download.suggestedFilename()).toBe('Nutzung.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path()) ?? '') as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Nutzung');
  expect(sheet?.getRow(1).getCell(1).value).toBe('Kunde');
  expect(sheet?.getRow(1).getCell(11).value).toBe('Überfällige Aufgaben');
  const exported = (sheet?.getColumn(2).values ?? []).slice(2).map(String);
  expect(exported).toEqual(identifiers.map((text) => text.trim()));
  const exportedOverdue = (sheet?.getColumn(11).values ?? []).slice(2);
  expect(exportedOverdue).toEqual(overdue);
  await expectNoSeriousAxeViolations(page, 'usage page');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'de-390');
});

test('in English and on a phone: the same page with its time, sorted by last activity', async ({ page }) => {
  await openUsage(page, 'en_GB', /^As of \d{1,2} \w{3} \d{4}/);
  await expect(page.getByRole('heading', { name: 'Usage across clients' })).toBeVisible();
  await expect(page.getByTestId('usage-chart')).toContainText('Signed in during the last 30 days');
  await shot(page, 'en-1280');
  await page.getByTestId('sort-lastActivityAt').click();
  await expect(page).toHaveURL(/sortBy=lastActivityAt/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page).filter({ hasText: 'ACME Sicherheit GmbH' })).toHaveCount(1);
  await shot(page, 'en-390');
});
