import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { expectNoSeriousAxeViolations, openSignedIn } from './helpers';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const BASE = `http://localhost:${MAIN_PORT}/scim/v2`;

/**
 * SCIM provisioning (issue 31, docs/scim.md) from the super-admin's side: a token made in the company configuration
 * is what a directory uses; the member it creates is in the member list at once; a revoked token is refused. The
 * protocol's requests one by one: server/test/scim.test.ts.
 */
test('the super-admin makes a token; the directory creates a member with it; revoked, it is refused', async ({
  page,
}) => {
  await openSignedIn(page, 'acme', 'super.admin');
  await page.goto('/dashboard/company/settings/configuration');
  const card = page.getByTestId('company-scim');
  await expect(card.getByTestId('scim-base-url')).toHaveText(BASE);
  await card.getByLabel('Name des neuen Tokens').fill('Entra ID Produktion');
  await card.getByRole('button', { name: 'Token erzeugen' }).click();
  const shown = card.getByTestId('scim-new-token');
  await expect(shown).toContainText('Das Token wird nur jetzt angezeigt.');
  const token = (await shown.locator('code').textContent())?.trim() ?? '';
  expect(token).toMatch(/^scim_/);
  await expect(card.getByTestId('scim-tokens')).toContainText('Entra ID Produktion');
  await expect(card.getByTestId('scim-tokens')).toContainText('noch nicht verwendet');
  await page.screenshot({ path: `${SCREENSHOTS}company-scim-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'company configuration with SCIM', '[data-testid=company-scim]');

  // The directory's first request: RFC 7644's create.
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const created = await fetch(`${BASE}/Users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'svenja.scim',
      name: { givenName: 'Svenja', familyName: 'Verzeichnis' },
      emails: [{ value: 'svenja.scim@acme.example', type: 'work', primary: true }],
      active: true,
    }),
  });
  expect(created.status).toBe(201);
  const user = (await created.json()) as { id: string };

  // In the member list at once; the history names the directory.
  await page.goto('/dashboard/company/members/list?f.search=verzeichnis');
  await expect(page.getByRole('row', { name: /svenja\.scim/ })).toContainText('Aktiv');
  await page.goto('/dashboard/company/settings/configuration');
  await expect(page.getByTestId('scim-tokens')).toContainText('zuletzt verwendet am');

  // Revoked in the configuration: the directory's next request is refused.
  await page.getByTestId('scim-tokens').getByRole('button', { name: 'Widerrufen' }).first().click();
  await page.getByTestId('revoke-scim-token-dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('Das Token wurde widerrufen.');
  await expect(page.getByTestId('scim-tokens')).toContainText('widerrufen am');
  const refused = await fetch(`${BASE}/Users/${user.id}`, { headers });
  expect(refused.status).toBe(401);

  // Tidy up for the tests after this one: the member goes to the archive with a token of their own.
  await page.getByTestId('company-scim').getByLabel('Name des neuen Tokens').fill('Aufräumen');
  await page.getByTestId('company-scim').getByRole('button', { name: 'Token erzeugen' }).click();
  const cleanup = (await page.getByTestId('scim-new-token').locator('code').textContent())?.trim() ?? '';
  const removed = await fetch(`${BASE}/Users/${user.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${cleanup}` },
  });
  expect(removed.status).toBe(204);
});
