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
