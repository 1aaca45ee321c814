import { expect, test } from '@playwright/test';
import { headersOutOfSight, openSignedIn, PASSWORD, rowsScrollSideways, switchLanguage } from './helpers';

test.describe('company: member list and details', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
  });

  test('the list is sorted, filtered and paged by the server', async ({ page }) => {
    await page.getByRole('button', { name: 'Mitarbeiter' }).click();
    await page.getByRole('link', { name: 'Liste' }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/list$/);
    const rows = page.locator('.ui-table tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId('table-range')).toHaveText('1–25 von 46');
    const firstPageFirst = (await rows.first().locator('td').first().textContent()) ?? '';

    // Paging: page 2 holds the rest, in the URL so that a reload shows the same page.
    const pageTwo = page.waitForResponse((response) => response.url().endsWith('/api/memberlist/getlist'));
    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    const body = (await (await pageTwo).request().postDataJSON()) as { page: number };
    expect(body.page).toBe(2);
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(21);
    await page.reload();
    await expect(page.getByTestId('table-page')).toHaveText('Seite 2 von 2');

    // Sorting descending by last name goes back to page 1.
    await page.getByTestId('sort-lastName').click();
    await expect(page).toHaveURL(/sortDirection=desc/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows.first().locator('td').first()).not.toHaveText(firstPageFirst);
    await expect(rows.first().locator('td').first()).toHaveText('Zimmermann');

    // 50 per page shows everything.
    await page.getByLabel('Einträge pro Seite').selectOption('50');
    await expect(rows).toHaveCount(46);

    // Search.
    await page.getByLabel('Suche').fill('mitarbeiter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Mara');

    // Empty state.
    await page.getByLabel('Suche').fill('no such person');
    await expect(page.getByText('Keine Mitarbeiter gefunden.')).toBeVisible();
  });

  test('a member opens with details and org units, and the language switches to English', async ({ page }) => {
    await page.goto('/dashboard/company/members/list?f.search=mara');
    await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/company\/members\/details\/[0-9a-f-]+\/details$/);
    await expect(page.getByRole('heading', { name: 'Mara Mitarbeiter' })).toBeVisible();
    // The admin edits the details: the form holds the member's values.
    await expect(page.getByTestId('member-edit-form').getByLabel('E-Mail')).toHaveValue('member@acme.example');
    await page.getByRole('link', { name: 'Organisationseinheiten' }).last().click();
    await expect(page.getByTestId('member-assignments-form')).toContainText('ACME Sicherheit GmbH');
    await expect(
      page.getByTestId('member-assignments-form').getByRole('checkbox', { name: 'Produktion', exact: true }),
    ).toBeChecked();

    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    // Remembered in the profile settings: still English after a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await switchLanguage(page, 'de_DE');
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });

  test('a member of another company answers "not found", exactly as an unknown one', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A real member of globex, read through globex's own admin: the uuid exists, in another client.
    const { hashPassword } = await import('@dash/shared-core');
    const globex = await playwright.request.newContext({ baseURL });
    await globex.get('/api/csrf');
    const xsrf = async () =>
      (await globex.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await globex.post('/api/login', {
      data: { clientIdentifier: 'globex', username: 'admin', password: hashPassword(PASSWORD) },
      headers: { 'X-XSRF-TOKEN': await xsrf() },
    });
    expect(login.status()).toBe(200);
    const list = await globex.post('/api/memberlist/getlist', {
      data: { filter: {}, page: 1, perPage: 25, sortBy: 'lastName', sortDirection: 'asc' },
      headers: { 'X-XSRF-TOKEN': await xsrf() },
    });
    expect(list.status()).toBe(200);
    const foreign = ((await list.json()) as { items: Array<{ uuid: string }> }).items[0]?.uuid ?? '';
    expect(foreign).toMatch(/^[0-9a-f-]{36}$/);
    await globex.dispose();

    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/memberlist/memberdetails')) answers.push(`${response.status()}`);
    });
    await page.goto(`/dashboard/company/members/details/${foreign}/details`);
    await expect(page.getByText('Der Mitarbeiter wurde nicht gefunden.').first()).toBeVisible();
    await expect(page.getByText(/globex|Fahrer/i)).toHaveCount(0);
    await page.goto('/dashboard/company/members/details/00000000-0000-4000-8000-000000000000/details');
    await expect(page.getByText('Der Mitarbeiter wurde nicht gefunden.').first()).toBeVisible();
    expect(new Set(answers)).toEqual(new Set(['404']));
  });
});

test.describe('company tables fit the screen', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
  });

  test('at 1280 px every column of the member list is in sight, in German and English; at 390 px the rows fit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/company/members/list');
    expect(await headersOutOfSight(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/member-list-1280-de.png' });
    await switchLanguage(page, 'en_GB');
    await expect(page.getByRole('columnheader', { name: /Last sign-in/ })).toBeVisible();
    expect(await headersOutOfSight(page)).toEqual([]);
    await switchLanguage(page, 'de_DE');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/company/members/list');
    await expect(page.locator('.ui-table tbody td[data-column]').first()).toBeVisible();
    expect(await rowsScrollSideways(page)).toEqual([]);
    await page.locator('.ui-table table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/member-list-390-de.png' });
    // The empty text is whole: not cut off by the table's width.
    await page.getByLabel('Suche').fill('no such person');
    const empty = page.getByText('Keine Mitarbeiter gefunden.');
    await expect(empty).toBeVisible();
    const emptyFits = await empty.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= innerWidth,
    );
    expect(emptyFits).toBe(true);
  });

  test('at 1280 px the archive, groups, locations and the members of an org unit show every column', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const pages: Array<[string, () => Promise<void>]> = [
      ['archive', () => page.goto('/dashboard/company/members/archive/list').then(() => undefined)],
      ['groups', () => page.goto('/dashboard/company/members/group/list').then(() => undefined)],
      ['locations', () => page.goto('/dashboard/company/locations/list').then(() => undefined)],
      [
        'org unit members',
        async () => {
          await page.goto('/dashboard/company/org-units/list');
          await page.getByTestId('org-unit-tree').getByRole('link', { name: 'ACME Sicherheit GmbH' }).click();
          await page.getByRole('link', { name: 'Mitarbeiter', exact: true }).last().click();
        },
      ],
    ];
    for (const [name, open] of pages) {
      await open();
      expect(await headersOutOfSight(page), name).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await rowsScrollSideways(page), `${name} at 390 px`).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
