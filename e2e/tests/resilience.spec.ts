import { expect, test } from '@playwright/test';
import { MAIN_PORT, RESILIENCE_PORT } from '../playwright.config';
import { openSignedIn } from './helpers';

const BASE = `http://localhost:${RESILIENCE_PORT}`;

/**
 * This deployment's configuration points the company remote at a dead address and the e-learning remote
 * at another origin (the main test server): header, sidebar and every other area must keep working.
 */
test.describe('remote failures and remotes on other origins', () => {
  test('an offline remote shows an in-place error with a retry; everything else works', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin', BASE);
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    await page.goto(`${BASE}/dashboard/company/members/list`);
    await expect(page.getByTestId('remote-error')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Arne Adler');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar.getByRole('link', { name: 'Übersicht' })).toBeVisible();

    const retry = page.waitForRequest((request) => request.url().startsWith('http://127.0.0.1:9/'));
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await retry;
    await expect(page.getByTestId('remote-error')).toBeVisible();

    await sidebar.getByRole('link', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  });

  test('a remote served from another origin works', async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin', BASE);
    const crossOrigin = page.waitForResponse((response) =>
      response.url().includes(`:${MAIN_PORT}/remotes/mf-elearnings/`),
    );
    await page.goto(`${BASE}/dashboard/apps/elearnings/catalog/list`);
    await crossOrigin;
    await expect(page.getByRole('heading', { name: 'E-Learning-Katalog' })).toBeVisible();
    // acme's seven demo e-learnings (the seventh: the sequenced first aid course).
    await expect(page.locator('.ui-table tbody tr')).toHaveCount(7);
  });
});
