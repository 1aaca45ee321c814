import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Safety#2026';

/** Signs in through the sign-in page as a person would. */
export async function signIn(page: Page, clientIdentifier: string, username: string, baseURL?: string) {
  await page.goto(`${baseURL ?? ''}/auth/login/${clientIdentifier}`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard\/start\/overview/);
  await expect(page.getByTestId('logout')).toBeVisible();
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
