import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  answeringPostgres,
  dropSchema,
  type ServerProcess,
  schemaName,
  startServerProcess,
  TcpProxy,
  throughPort,
} from '../../server/test/serverProcess';
import { expectStartPageLoaded, openSignedIn } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/**
 * In the browser: a server of its own on PostgreSQL behind a TCP proxy that the test cuts and restores,
 * as a database restarting or a network going away would. The API side (503 within seconds, reconnecting, nothing
 * half-written) is server/test/faults-database-outage.test.ts; this is what the member sees meanwhile.
 */
test.describe('the database goes away and comes back', () => {
  let url: string | undefined;
  let proxy: TcpProxy | undefined;
  let server: ServerProcess | undefined;
  const schema = schemaName('e2e_outage');

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The machine's PostgreSQL (CI has one on 127.0.0.1:5432); without one the test is skipped.
    url = await answeringPostgres([process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/test']);
    if (!url) return;
    proxy = TcpProxy.forUrl(url);
    await proxy.start();
    server = await startServerProcess(
      {
        DATABASE_URL: throughPort(url, proxy.port),
        DATABASE_SCHEMA: schema,
        REMINDER_INTERVAL_MINUTES: '0',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
      },
      { timeoutMs: 150_000 },
    );
  });

  test.afterAll(async () => {
    await proxy?.restore();
    await server?.stop();
    await proxy?.close();
    if (url) await dropSchema(url, schema);
  });

  test('shows the error toast while it is gone and works again after, still signed in', async ({ page }) => {
    test.skip(!url, 'no PostgreSQL server answers on 127.0.0.1:5432');
    if (!server || !proxy) throw new Error('not started');
    await openSignedIn(page, 'acme', 'admin', server.base);
    await expectStartPageLoaded(page);
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });

    proxy.cut();
    await sidebar.getByRole('button', { name: 'Mitarbeiter' }).click();
    await sidebar.getByRole('link', { name: 'Liste' }).click();
    // 503 Database.Unavailable within the connect timeout: the spec's toast for any status but 400-404, 500, 502.
    await expect(page.getByTestId('toast-danger')).toContainText(
      'Unbekannter Fehler. Bitte prüfen Sie Ihre Internetverbindung.',
      { timeout: 15_000 },
    );
    await expect(page.getByTestId('logout')).toBeVisible();
    // The table says its list could not be loaded, not that there are no members.
    const table = page.locator('.ui-table');
    await expect(table.getByRole('alert')).toContainText('Die Liste konnte nicht geladen werden.');
    await expect(table).not.toContainText('Keine Mitarbeiter');
    await page.screenshot({ path: `${SCREENSHOTS}database-outage-toast.png` });

    await proxy.restore();
    // The server reconnects by itself: the table's retry loads the members, the member was never signed out.
    await table.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.locator('.ui-table tbody tr a').first()).toBeVisible({ timeout: 15_000 });
    await expect(table.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/list/);
    await expect(page.getByTestId('logout')).toBeVisible();
  });
});
