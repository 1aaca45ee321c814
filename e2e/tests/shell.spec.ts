import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { signIn } from './helpers';

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;
const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/** The sidebar as text: sections, then entries (groups opened one after another). */
async function sidebarEntries(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: /Hauptnavigation|Main navigation/ });
  await expect(sidebar.locator('a').first()).toBeVisible();
  for (const parent of await sidebar.locator('button[aria-expanded]').all()) {
    if ((await parent.getAttribute('aria-expanded')) === 'false') await parent.click();
  }
  // Only one parent is open at a time, so collect link texts of every group by opening each in turn.
  const entries = new Set<string>();
  for (const heading of await sidebar.locator('h2').allTextContents()) entries.add(`# ${heading}`);
  for (const parent of await sidebar.locator('button[aria-expanded]').all()) {
    if ((await parent.getAttribute('aria-expanded')) === 'false') await parent.click();
    const name = (await parent.textContent())?.replace(/[▸▾]/g, '').trim() ?? '';
    const children = await sidebar.locator(`#${await parent.getAttribute('aria-controls')} a`).allTextContents();
    entries.add(`${name}: ${children.join(', ')}`);
  }
  for (const link of await sidebar.locator(':scope > div > ul > li > a').allTextContents()) entries.add(link);
  return [...entries].sort();
}

const MEMBER_ENTRIES = [
  '# Apps',
  '# Start',
  'E-Learnings: Meine E-Learnings',
  'Gefährdungsbeurteilungen: Meine Analysen',
  'Infopoint',
  'Kalender',
  'Vorlagen',
  'Übersicht',
];

test.describe('sidebar per role and licensee (spec section 2)', () => {
  const cases: { client: string; user: string; base?: string; expected: string[] }[] = [
    { client: 'acme', user: 'member', expected: MEMBER_ENTRIES },
    {
      client: 'acme',
      user: 'loc.admin',
      expected: [...MEMBER_ENTRIES, '# Unternehmen', 'Standorte'],
    },
    {
      client: 'acme',
      user: 'ou.admin',
      expected: [
        '# Apps',
        '# Start',
        '# Unternehmen',
        'E-Learnings: Meine E-Learnings',
        'Gefährdungsbeurteilungen: Meine Analysen, Auswertungen',
        'Infopoint',
        'Kalender',
        'Mitarbeiter: Liste',
        'Organisationseinheiten',
        'Vorlagen',
        'Übersicht',
      ],
    },
    {
      client: 'acme',
      user: 'admin',
      expected: [
        '# Apps',
        '# Start',
        '# Unternehmen',
        'E-Learnings: Meine E-Learnings, Katalog',
        'Gefährdungsbeurteilungen: Meine Analysen, Auswertungen, Katalog',
        'Infopoint',
        'Kalender',
        'Mitarbeiter: Liste, Archiv, Gruppen',
        'Organisationseinheiten',
        'Standorte',
        'Vorlagen',
        'Übersicht',
      ],
    },
    {
      client: 'acme',
      user: 'super.admin',
      expected: [
        '# Apps',
        '# Start',
        '# Unternehmen',
        'E-Learnings: Meine E-Learnings, Katalog',
        'Einstellungen: Stammdaten',
        'Gefährdungsbeurteilungen: Meine Analysen, Auswertungen, Katalog',
        'Infopoint',
        'Kalender',
        'Mitarbeiter: Liste, Archiv, Gruppen',
        'Organisationseinheiten',
        'Standorte',
        'Vorlagen',
        'Übersicht',
      ],
    },
    {
      // e-learnings only, no calendar
      client: 'globex',
      user: 'admin',
      expected: [
        '# Apps',
        '# Start',
        '# Unternehmen',
        'E-Learnings: Meine E-Learnings, Katalog',
        'Infopoint',
        'Mitarbeiter: Liste, Archiv, Gruppen',
        'Organisationseinheiten',
        'Standorte',
        'Vorlagen',
        'Übersicht',
      ],
    },
    {
      // the partner's client; its admin works in English
      client: 'initech',
      user: 'admin',
      base: PARTNER,
      expected: [
        '# Apps',
        '# Company',
        '# Start',
        'E-learnings: My e-learnings, Catalogue',
        'Infopoint',
        'Locations',
        'Members: List, Archive, Groups',
        'Org units',
        'Overview',
        'Risk assessments: My analyses, Evaluations, Catalogue',
        'Templates',
      ],
    },
  ];
  // Every other case runs with a dark system theme, so both themes show every sidebar rule's outcome.
  for (const [index, { client, user, base, expected }] of cases.entries()) {
    const theme = index % 2 === 1 ? 'dark' : 'light';
    test(`${client} ${user} (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await signIn(page, client, user, base);
      expect(await sidebarEntries(page)).toEqual([...expected].sort());
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    });
  }
});

test.describe('shell behaviour', () => {
  test('the sidebar toggles on small screens and closes after each navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, 'acme', 'admin');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Navigation ein- oder ausblenden' });
    await toggle.click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Infopoint' }).click();
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the sidebar is 17 rem wide and fixed from 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await signIn(page, 'acme', 'admin');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar).toBeVisible();
    const box = await sidebar.boundingBox();
    expect(box?.width).toBe(17 * 16);
    expect(await sidebar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    // The header keeps one line (long licensee and member names are cut), so it never covers the sidebar.
    const header = await page.locator('header.shell-header').boundingBox();
    expect((header?.y ?? 0) + (header?.height ?? 0)).toBeLessThanOrEqual(box?.y ?? 0);
    await expect(sidebar.getByRole('heading', { name: 'Start' })).toBeInViewport();
  });

  test('keyboard: skip link, sidebar groups and links work without a mouse, with visible focus', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    expect(await skip.evaluate((element) => getComputedStyle(element).left)).not.toBe('-999px');
    const members = page.getByRole('button', { name: 'Mitarbeiter' });
    await members.focus();
    await page.keyboard.press('Enter');
    await expect(members).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Liste' })).toBeFocused();
    const outline = await page
      .getByRole('link', { name: 'Liste' })
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/company\/members\/list$/);
  });

  test('a signed-out session (401) shows a toast and returns to the sign-in page with a returnUrl', async ({
    page,
  }) => {
    await signIn(page, 'acme', 'admin');
    // The session ends on the server (e.g. in another tab); the next call answers 401.
    await page.evaluate(() => fetch('/api/logout', { credentials: 'include' }));
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('button', { name: 'Mitarbeiter' })
      .click();
    await page.getByRole('link', { name: 'Liste' }).click();
    await expect(page.getByTestId('toast-danger')).toContainText('Sie haben keine Berechtigung für diese Anfrage.');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fdashboard%2Fcompany%2Fmembers%2Flist/);
  });

  test('dark theme follows the system and the licensee colours, and the profile setting wins', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${PARTNER}/auth/login`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'),
    );
    expect(primary.trim()).toBe('#4db6ac');
    await signIn(page, 'initech', 'admin', PARTNER);
    await page.goto(`${PARTNER}/dashboard/profile/settings`);
    await page.getByTestId('theme-select').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-select').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });

  test('the breadcrumb names pages that have no sidebar entry', async ({ page }) => {
    await signIn(page, 'acme', 'member');
    await page.getByTestId('profile-link').click();
    await expect(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toHaveText(/Dashboard\s*Profil/);
  });

  test('the sidebar and header speak English after the switch', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await page.getByTestId('language-switch').selectOption('en_GB');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Company' })).toBeVisible();
    await expect(page.getByTestId('header-role')).toHaveText('Administrator');
    await page.getByTestId('language-switch').selectOption('de_DE');
    await expect(sidebar).toHaveCount(0);
  });

  test('the support chat loads only for a licensee with a key, and never on print pages', async ({ page }) => {
    await page.route('https://chat.example.com/widget.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "const el = document.createElement('div'); el.dataset.supportChat = ''; el.textContent = 'Chat'; document.body.append(el);",
      }),
    );
    await page.goto('/auth/login');
    await expect(page.locator('input[name=username]')).toBeVisible();
    await expect(page.locator('#support-chat-script')).toHaveCount(0);

    await page.goto(`${PARTNER}/auth/login`);
    await expect(page.locator('#support-chat-script')).toHaveAttribute('data-key', 'safeguard-demo-chat');
    await expect(page.locator('[data-support-chat]')).toHaveText('Chat');
    await signIn(page, 'initech', 'admin', PARTNER);
    await expect(page.locator('[data-support-chat]')).toHaveCount(1);
    // The certificate page (print layout) switches the chat off.
    await page.goto(`${PARTNER}/dashboard/apps/elearnings/certificate/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('#support-chat-script')).toHaveCount(0);
    await expect(page.locator('[data-support-chat]')).toHaveCount(0);
  });
});

test.describe('accessibility and layout', () => {
  const pages = [
    { name: 'sign-in', path: '/auth/login', signedIn: false },
    { name: 'overview', path: '/dashboard/start/overview/elearnings', signedIn: true },
    { name: 'member-list', path: '/dashboard/company/members/list', signedIn: true },
    { name: 'profile', path: '/dashboard/profile/details', signedIn: true },
    { name: 'not-found', path: '/dashboard/start/infopoint', signedIn: true },
  ];
  for (const { name, path, signedIn } of pages) {
    test(`${name}: no serious or critical axe violations, screenshots at 375, 768 and 1280 px`, async ({ page }) => {
      if (signedIn) await signIn(page, 'acme', 'admin');
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: true });
        // No horizontal scrolling of the page itself at any width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      }
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
});
