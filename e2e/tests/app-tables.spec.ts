import { expect, type Page, test } from '@playwright/test';
import { headersOutOfSight, openSignedIn, rowsScrollSideways, switchLanguage } from './helpers';

const SHOTS = 'test-results/screenshots/';

/** The apps' tables, like the company's: every column in sight at 1280 px, rows without sideways scrolling at 390 px. */
test.describe('e-learning and risk-assessment tables fit the screen', () => {
  test.beforeEach(async ({ page }) => {
    await openSignedIn(page, 'acme', 'admin');
  });

  /** Opens the first row's link of the table on `list` and answers the URL it went to. */
  async function firstDetails(page: Page, list: string, tab: string): Promise<string> {
    await page.goto(list);
    const link = page.locator('.ui-table tbody a[href*="/details/"]').first();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no details link on ${list}`);
    return href.replace(/\/[^/]+$/, `/${tab}`);
  }

  test('at 1280 px every column is in sight, in German and English', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const analytics = await firstDetails(page, '/dashboard/apps/elearnings/catalog/list', 'analytics');
    const risks = await firstDetails(page, '/dashboard/apps/risk-assessments/evaluation/list', 'risks');
    const pages = [
      '/dashboard/apps/elearnings/catalog/list',
      analytics,
      '/dashboard/apps/risk-assessments/catalog/list',
      '/dashboard/apps/risk-assessments/evaluation/list',
      risks,
      risks.replace(/\/risks$/, '/risk-actions'),
    ];
    const problems: Record<string, string[]> = {};
    for (const language of ['de_DE', 'en_GB'] as const) {
      if (language === 'en_GB') await switchLanguage(page, 'en_GB');
      for (const path of pages) {
        await page.goto(path);
        const found = await headersOutOfSight(page);
        if (found.length > 0) problems[`${path} (${language})`] = found;
      }
    }
    expect(problems).toEqual({});
    await page.goto(risks);
    await expect(page.locator('.ui-table tbody td').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}app-tables-risks-1280-en.png` });
    await switchLanguage(page, 'de_DE');
  });

  test('at 390 px the rows need no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const risks = await firstDetails(page, '/dashboard/apps/risk-assessments/evaluation/list', 'risks');
    const problems: Record<string, string[]> = {};
    for (const path of [
      '/dashboard/apps/elearnings/catalog/list',
      '/dashboard/apps/risk-assessments/catalog/list',
      '/dashboard/apps/risk-assessments/evaluation/list',
      risks,
    ]) {
      await page.goto(path);
      await expect(page.locator('.ui-table tbody td').first()).toBeVisible();
      const found = await rowsScrollSideways(page);
      if (found.length > 0) problems[path] = found;
      await page.screenshot({
        path: `${SHOTS}app-tables-390-${path.split('/').slice(-2).join('-')}.png`,
        fullPage: true,
      });
    }
    expect(problems).toEqual({});
  });
});
