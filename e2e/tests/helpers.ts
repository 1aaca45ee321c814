import AxeBuilder from '@axe-core/playwright';
import { hashPassword, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import { type APIRequestContext, type Browser, expect, type FrameLocator, type Page, request } from '@playwright/test';

export const PASSWORD = 'Safety#2026';

/** Signs in through the sign-in page as a person would. */
export async function signIn(page: Page, clientIdentifier: string, username: string, baseURL?: string) {
  await page.goto(`${baseURL ?? ''}/auth/login/${clientIdentifier}`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.getByTestId('logout')).toBeVisible();
  // The accounts many tests share start in the demo's German. A test that switched one to English and then failed
  // half-way would otherwise hand the English dashboard to every later test of that account (one failure became ten).
  if (SHARED_GERMAN_ACCOUNTS.has(`${clientIdentifier}/${username}`)) await switchLanguage(page, 'de_DE');
}

/** Who signs in to the licensee console: by default the demo licensee's admin, in the language the page offers. */
export interface LicenseeSignIn {
  licensee?: string;
  username?: string;
  password?: string;
  baseURL?: string;
  language?: 'de_DE' | 'en_GB';
}

/** Signs in at /auth/licensee as a person would and waits for the console. */
export async function signInAsLicensee(
  page: Page,
  {
    licensee = 'dashboard',
    username = 'lizenz.admin',
    password = PASSWORD,
    baseURL = '',
    language,
  }: LicenseeSignIn = {},
) {
  await page.goto(`${baseURL}/auth/licensee`);
  if (language) await switchLanguage(page, language);
  await page.locator('input[name=licenseeIdentifier]').fill(licensee);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/licensee\//);
  await expect(page.getByTestId('logout')).toBeVisible();
}

/**
 * Signs in through the sign-in page's own call (POST /api/login, sent from the page, so host names that only the
 * browser resolves, such as partner.localhost, work too) and opens the start page: for tests about what comes after
 * sign-in. It skips loading the sign-in page and its area, about a second of the browser run per test; the sign-in
 * page itself is tested with `signIn` (auth.spec.ts, and tests that count the areas downloaded).
 */
export async function openSignedIn(page: Page, clientIdentifier: string, username: string, baseURL?: string) {
  const base = baseURL ?? '';
  // A small JSON answer on the dashboard's origin: it sets the XSRF cookie and gives the page that origin.
  await page.goto(`${base}/api/csrf`);
  const status = await page.evaluate(
    async ({ body, cookieName, headerName }) => {
      const pair = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${cookieName}=`)) ?? '';
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [headerName]: decodeURIComponent(pair.slice(cookieName.length + 1)),
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    {
      body: { clientIdentifier, username, password: hashPassword(PASSWORD) },
      cookieName: XSRF_COOKIE,
      headerName: XSRF_HEADER,
    },
  );
  expect(status, `sign-in of ${clientIdentifier}/${username}`).toBe(200);
  await page.goto(`${base}/dashboard/start/overview`);
  await expect(page.getByTestId('logout')).toBeVisible();
  if (SHARED_GERMAN_ACCOUNTS.has(`${clientIdentifier}/${username}`)) await switchLanguage(page, 'de_DE');
}

/** Demo accounts whose language is German and that many specs sign in with (initech's admin reads English). */
const SHARED_GERMAN_ACCOUNTS = new Set([
  'acme/admin',
  'acme/member',
  'acme/super.admin',
  'acme/ou.admin',
  'acme/loc.admin',
  'globex/admin',
]);

/**
 * Waits until the start page has its data (the bubbles' counts and the task list). After sign-in the page changes
 * without a load, so waitForLoadState('networkidle') answers at once and cannot stand in for this.
 */
export async function expectStartPageLoaded(page: Page) {
  await expect(page.getByTestId('bubble-overdue').locator('.ui-bubble__count')).toBeVisible();
  await expect(page.getByTestId('open-tasks').or(page.locator('.ui-empty'))).toBeVisible();
}

/**
 * Chooses a language in the header. Signed in, the switch also saves it in the profile: wait for that save, or the
 * next page load (or the next test signing in as the same member) can read the language before it.
 */
export async function switchLanguage(page: Page, language: 'de_DE' | 'en_GB') {
  // The same language again changes nothing and saves nothing: there would be no save to wait for.
  if ((await page.getByTestId('language-switch').inputValue()) === language) return;
  const signedIn = await page.getByTestId('logout').isVisible();
  const saved = signedIn
    ? page.waitForResponse(
        (response) => /\/api\/profile\//.test(response.url()) && response.request().method() === 'POST',
      )
    : undefined;
  await page.getByTestId('language-switch').selectOption(language);
  if (saved) expect((await saved).ok()).toBe(true);
}

/**
 * Waits until the page has fetched nothing new for `quietMs`. waitForLoadState('networkidle') answers at once after
 * a client-side navigation (no new load), so it cannot see what a click makes the page fetch late (prefetch, preload).
 */
export async function waitForQuietNetwork(page: Page, quietMs = 1_000) {
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  let before = await fetched();
  for (;;) {
    await page.waitForTimeout(quietMs);
    const now = await fetched();
    if (now === before) return;
    before = now;
  }
}

export interface ApiSession {
  /** POST with the XSRF header, as the shell's API client sends it; answers the parsed JSON, fails on non-2xx. */
  post<T = unknown>(path: string, data: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/** A signed-in API client beside the browser, for arranging or cleaning up data through the product's own calls. */
export async function apiSession(baseURL: string, clientIdentifier: string, username: string): Promise<ApiSession> {
  const context: APIRequestContext = await request.newContext({ baseURL });
  await context.get('/api/csrf');
  const xsrf = async () =>
    (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await context.post(path, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  await post('/api/login', { clientIdentifier, username, password: hashPassword(PASSWORD) });
  return { post, dispose: () => context.dispose() };
}

/** Every remote file the page requested, by area name (mf-company, ...). */
export function recordRemoteDownloads(page: Page): Set<string> {
  const areas = new Set<string>();
  page.on('request', (request) => {
    const match = /\/remotes\/(mf-[a-z-]+)\//.exec(request.url());
    if (match?.[1]) areas.add(match[1]);
  });
  return areas;
}

/**
 * Waits until the page's brand colour is `expected`. The shell applies the spec's default colours at once and the
 * licensee's own when its configuration has loaded, so a single read can see the default.
 */
export async function expectBrandPrimary(page: Page, expected: string) {
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()),
    )
    .toBe(expected);
}

/**
 * Fails on serious or critical axe findings in the page (or inside `include`). axe measures colours as they are
 * painted, so it first waits for finite animations (a modal's fade-in) to end: half-transparent text fails contrast.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, include?: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}

/**
 * Every header cell of the (first) table lies inside the viewport and is what the browser hits at its centre:
 * not scrolled off to the right, not covered by the sticky actions column. Answers the failures, one per header.
 */
export async function headersOutOfSight(page: Page): Promise<string[]> {
  await expect(page.locator('.ui-table table[aria-busy=false] tbody td').first()).toBeVisible();
  return page.evaluate(() => {
    const problems: string[] = [];
    const table = document.querySelector('.ui-table');
    if (!table) return ['no table'];
    // A table below the fold (the risks under their matrix) is looked at where a reader scrolls to it.
    table.querySelector('thead')?.scrollIntoView({ block: 'center' });
    const scroll = table.querySelector<HTMLElement>('.ui-table__scroll');
    if (scroll && scroll.scrollWidth > scroll.clientWidth + 1) {
      problems.push(`table scrolls: ${scroll.scrollWidth} > ${scroll.clientWidth}`);
    }
    for (const header of table.querySelectorAll<HTMLElement>('thead th')) {
      const box = header.getBoundingClientRect();
      const name = header.textContent?.trim() ?? '?';
      if (box.left < 0 || box.right > window.innerWidth + 0.5) {
        problems.push(`${name}: ${Math.round(box.left)}–${Math.round(box.right)} outside ${window.innerWidth}`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !header.contains(hit)) problems.push(`${name}: covered by ${hit?.textContent?.trim() ?? 'nothing'}`);
    }
    return problems;
  });
}

/** At phone width: the rows need no sideways scrolling (the card layout or a table that fits). */
export async function rowsScrollSideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scroll = document.querySelector<HTMLElement>('.ui-table__scroll');
    if (!scroll) return ['no table'];
    if (scroll.scrollWidth > scroll.clientWidth + 1) {
      problems.push(`table scrolls: ${scroll.scrollWidth} > ${scroll.clientWidth}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push(`page scrolls: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    for (const cell of scroll.querySelectorAll<HTMLElement>('tbody td')) {
      const box = cell.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5) {
        problems.push(`cell ${cell.dataset.column ?? cell.textContent?.trim()} ends at ${Math.round(box.right)}`);
        break;
      }
    }
    return problems;
  });
}

/** acme's administrator uploads a SCORM package to the catalogue's course of that title. */
export async function uploadCoursePackage(
  browser: Browser,
  courseTitle: string,
  name: string,
  bytes: Buffer,
  clientIdentifier = 'acme',
) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const admin = await context.newPage();
  await signIn(admin, clientIdentifier, 'admin');
  await admin.goto('/dashboard/apps/elearnings/catalog/list');
  await admin.getByRole('link', { name: courseTitle }).click();
  await admin.getByTestId('package-file').setInputFiles({ name, mimeType: 'application/zip', buffer: bytes });
  await admin
    .locator('.elearning-package')
    .getByRole('button', { name: /Paket hochladen|Upload package/ })
    .click();
  await expect(admin.getByTestId('package-details')).toContainText('index.html');
  await context.close();
}

/**
 * The course in the player: the course origin's frame page (the player's frame) holds the course's own frame, as an
 * LMS frameset does (docs/scorm.md "Isolation").
 */
export function courseFrame(page: Page): FrameLocator {
  return page.frameLocator('[data-testid=player-frame]').frameLocator('iframe');
}

/** Opens the signed-in member's task of that course title in the player; answers the execution's uuid. */
export async function openMyTask(page: Page, courseTitle: string): Promise<string> {
  await page.goto('/dashboard/apps/elearnings/my-elearnings');
  await page.locator('.ui-table tbody').getByRole('button', { name: courseTitle }).first().click();
  await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
  return page.url().split('/').pop() ?? '';
}
