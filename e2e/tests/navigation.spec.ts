import { expect, type Page, test } from '@playwright/test';
import {
  apiSession,
  expectStartPageLoaded,
  recordRemoteDownloads,
  signIn,
  switchLanguage,
  waitForQuietNetwork,
} from './helpers';

/** Every script the page downloaded, whatever its origin or path (chunks, remote entries, shared modules). */
function recordScripts(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() === 'script' || /\.js(\?|$)/.test(url)) urls.add(url);
  });
  return urls;
}

/** The source files inside the downloaded scripts, from their source maps (webpack://<scope>/./src/...). */
async function sourcesOf(page: Page, scripts: Set<string>): Promise<string[]> {
  const sources: string[] = [];
  for (const url of scripts) {
    const map = await page.request.get(`${url.split('?')[0]}.map`);
    if (!map.ok()) continue;
    sources.push(...((await map.json()) as { sources: string[] }).sources);
  }
  return sources;
}

test.describe('navigation through every area', () => {
  test('an admin of acme opens every area from the sidebar', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'acme', 'admin');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });

    await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
    await sidebar.getByRole('link', { name: 'Katalog' }).click();
    await expect(page.getByRole('heading', { name: 'E-Learning-Katalog' })).toBeVisible();
    // acme's seven demo e-learnings (the seventh: the sequenced first aid course).
    await expect(page.locator('.ui-table tbody tr')).toHaveCount(7);
    await expect(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toContainText('E-Learnings');

    await sidebar.getByRole('link', { name: 'Meine E-Learnings' }).click();
    await expect(page.getByRole('heading', { name: 'Meine E-Learnings' })).toBeVisible();
    await expect(page.locator('.ui-table tbody tr').first()).toBeVisible();

    await sidebar.getByRole('button', { name: 'Gefährdungsbeurteilungen' }).click();
    // Only one parent open at a time.
    await expect(sidebar.getByRole('link', { name: 'Meine E-Learnings' })).toBeHidden();
    await sidebar.getByRole('link', { name: 'Katalog' }).click();
    await expect(page.getByRole('heading', { name: 'Katalog der Gefährdungsbeurteilungen' })).toBeVisible();
    await expect(page.locator('.ui-table tbody tr')).toHaveCount(3);
    await sidebar.getByRole('link', { name: 'Meine Analysen' }).click();
    await expect(page.getByRole('heading', { name: 'Meine Analysen' })).toBeVisible();

    await page.getByTestId('profile-link').click();
    await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveValue('Arne');

    await sidebar.getByRole('link', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    await page.getByRole('link', { name: 'Gefährdungsbeurteilungen' }).click();
    await expect(page).toHaveURL(/\/start\/overview\/risk-assessments$/);

    await sidebar.getByRole('link', { name: 'Infopoint' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Infopoint' })).toBeVisible();

    // An address no area knows answers with the shell's not-found page inside the frame.
    await page.goto('/dashboard/apps/elearnings/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the profile details are read and updated against the API', async ({ page }) => {
    await signIn(page, 'acme', 'loc.admin');
    await page.getByTestId('profile-link').click();
    await page.getByLabel('Mobil').fill('12');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte geben Sie eine gültige Telefonnummer')).toBeVisible();
    await page.getByLabel('Mobil').fill('+49 171 1234567');
    await page.getByLabel('Nachname').fill('Lindner-Berg');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('toast-success')).toContainText('Ihre Daten wurden gespeichert.');
    await expect(page.getByTestId('header-name')).toHaveText('Lars Lindner-Berg');
    await page.reload();
    await expect(page.getByLabel('Mobil')).toHaveValue('+49 171 1234567');
  });

  test('a member sees only his own areas; company and catalogue code is never downloaded', async ({ page }) => {
    const downloads = recordRemoteDownloads(page);
    const scripts = recordScripts(page);
    await signIn(page, 'acme', 'member');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar.getByRole('link', { name: 'Übersicht' })).toBeVisible();
    await expect(sidebar.getByText('Unternehmen')).toHaveCount(0);
    await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
    await expect(sidebar.getByRole('link', { name: 'Katalog' })).toHaveCount(0);
    await expect(page.getByTestId('header-role')).toHaveText('Mitarbeiter');
    // His own pages of both apps load (the control: the check below sees page chunks by their sources).
    await sidebar.getByRole('link', { name: 'Meine E-Learnings' }).click();
    await expect(page.getByRole('heading', { name: 'Meine E-Learnings' })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Gefährdungsbeurteilungen' }).click();
    await sidebar.getByRole('link', { name: 'Meine Analysen' }).click();
    await expect(page.getByRole('heading', { name: 'Meine Analysen' })).toBeVisible();
    // Whatever loads late (prefetch, preload) has had its chance.
    await waitForQuietNetwork(page);
    const sources = await sourcesOf(page, scripts);
    expect(sources.some((source) => source.includes('mf_elearnings/./src/features/my-tasks/'))).toBe(true);
    expect(sources.some((source) => source.includes('mf_risk_assessments/./src/features/my-tasks/'))).toBe(true);
    const forbidden = sources.filter((source) =>
      /mf_company\/|mf_(elearnings|risk_assessments)\/\.\/src\/features\/catalog\//.test(source),
    );
    expect(forbidden).toEqual([]);
    expect([...downloads]).not.toContain('mf-company');

    // Route guard: a page without the permission shows an error toast and the user stays where he was.
    await page.goto('/dashboard/start/overview/elearnings');
    // The router must be listening before the address changes under it: a popstate during the start-up is lost
    // (CI, 2026-12-03: the start page still loading when the event came, no toast).
    await expectStartPageLoaded(page);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/dashboard/apps/elearnings/catalog/list');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('toast-danger')).toContainText('keine Berechtigung');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview\/elearnings$/);
  });

  test('entering a page without the permission by its address shows an error toast and an allowed page', async ({
    page,
  }) => {
    await signIn(page, 'acme', 'member');
    await page.goto('/dashboard/apps/elearnings/catalog/list');
    await expect(page.getByTestId('toast-danger')).toContainText('keine Berechtigung');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  });

  test('staff entering a company page by its address get the error toast and the start page, not "not found"', async ({
    page,
  }) => {
    await signIn(page, 'acme', 'member');
    await page.goto('/dashboard/company/members/list');
    await expect(page.getByTestId('toast-danger')).toContainText('Sie haben keine Berechtigung für diese Seite.');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByTestId('not-found')).toHaveCount(0);

    await switchLanguage(page, 'en_GB');
    await page.goto('/dashboard/company/settings/details');
    await expect(page.getByTestId('toast-danger').last()).toContainText('You have no permission for this page.');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await switchLanguage(page, 'de_DE');
  });

  test('an ou-admin on an e-learning tab he may not open gets the error toast and a tab he may open', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
    const catalog = await admin.post<{ items: { uuid: string }[] }>('/api/elearning/read-catalog', {});
    await admin.dispose();
    const uuid = catalog.items[0]?.uuid ?? '';
    await signIn(page, 'acme', 'ou.admin');
    await page.goto(`/dashboard/apps/elearnings/catalog/details/${uuid}/settings`);
    await expect(page.getByTestId('toast-danger')).toContainText('Sie haben keine Berechtigung für diese Seite.');
    await expect(page).toHaveURL(new RegExp(`/catalog/details/${uuid}/org-units$`));

    await switchLanguage(page, 'en_GB');
    await page.goto(`/dashboard/apps/elearnings/catalog/details/${uuid}/settings`);
    await expect(page.getByTestId('toast-danger').last()).toContainText('You have no permission for this page.');
    await expect(page).toHaveURL(new RegExp(`/catalog/details/${uuid}/org-units$`));
    await switchLanguage(page, 'de_DE');
  });

  test('an area the client has switched off is never downloaded', async ({ page }) => {
    const downloads = recordRemoteDownloads(page);
    await signIn(page, 'globex', 'admin');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar.getByRole('button', { name: 'E-Learnings' })).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Gefährdungsbeurteilungen' })).toHaveCount(0);
    // The sidebar is declared, not downloaded: the start page needs only its own area.
    expect([...downloads].sort()).toEqual(['mf-auth', 'mf-start']);
    // A switched-off app is a route the member may not open: the route guard's toast, then the start page.
    await page.goto('/dashboard/apps/risk-assessments/catalog/list');
    await expect(page.getByTestId('toast-danger')).toContainText('keine Berechtigung');
    await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
    // An area that is on loads as soon as its entry is pointed at, before the click.
    await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
    await sidebar.getByRole('link', { name: 'Meine E-Learnings' }).hover();
    await expect.poll(() => [...downloads]).toContain('mf-elearnings');
    expect([...downloads]).not.toContain('mf-risk-assessments');
  });

  test('the sign-in page downloads only the sign-in area', async ({ page }) => {
    const downloads = recordRemoteDownloads(page);
    await page.goto('/auth/login');
    await expect(page.locator('input[name=username]')).toBeVisible();
    expect([...downloads]).toEqual(['mf-auth']);
  });
});
