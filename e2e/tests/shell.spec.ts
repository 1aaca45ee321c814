import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import {
  expectBrandPrimary,
  expectNoSeriousAxeViolations,
  expectStartPageLoaded,
  signIn,
  switchLanguage,
} from './helpers';

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

/** German sidebar label -> English one, from the common translations (the sidebar's one source of texts). */
const NAV_TEXTS = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../shared-core/src/i18n/locales/${language}.json`, import.meta.url)),
      'utf8',
    ),
  ).nav;
const GERMAN_NAV = NAV_TEXTS('de_DE');
const ENGLISH_NAV = NAV_TEXTS('en_GB');
const TO_ENGLISH = new Map(Object.entries(GERMAN_NAV).map(([key, german]) => [german, ENGLISH_NAV[key] ?? '']));
const TO_GERMAN = new Map([...TO_ENGLISH].map(([german, english]) => [english, german]));

/** The same sidebar in the other language: '# Section', 'Group: child, child' and 'Entry' lines. */
function translated(entries: string[], to: 'en_GB' | 'de_DE'): string[] {
  const dictionary = to === 'en_GB' ? TO_ENGLISH : TO_GERMAN;
  const word = (text: string) => {
    const result = dictionary.get(text);
    if (!result) throw new Error(`no ${to} text for sidebar label "${text}"`);
    return result;
  };
  return entries
    .map((entry) => {
      if (entry.startsWith('# ')) return `# ${word(entry.slice(2))}`;
      const [group, children] = entry.split(': ');
      return children === undefined
        ? word(entry)
        : `${word(group ?? '')}: ${children.split(', ').map(word).join(', ')}`;
    })
    .sort();
}

const MEMBER_ENTRIES = [
  '# Apps',
  '# Start',
  'E-Learnings: Meine E-Learnings, Meine Nachweise, Meine Unterweisungen',
  'Gefährdungsbeurteilungen: Meine Analysen, Meine Maßnahmen',
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
      // The instruction records of the location he is responsible for.
      expected: [
        ...MEMBER_ENTRIES.filter((entry) => !entry.startsWith('E-Learnings:')),
        'E-Learnings: Meine E-Learnings, Meine Nachweise, Meine Unterweisungen, Unterweisungen',
        '# Unternehmen',
        'Standorte',
      ],
    },
    {
      client: 'acme',
      user: 'ou.admin',
      expected: [
        '# Apps',
        '# Start',
        '# Unternehmen',
        // The catalogue, for the statistics of his units' members.
        'E-Learnings: Meine E-Learnings, Meine Nachweise, Katalog, Meine Unterweisungen, Unterweisungen',
        'Gefährdungsbeurteilungen: Meine Analysen, Meine Maßnahmen, Auswertungen',
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
        'E-Learnings: Meine E-Learnings, Meine Nachweise, Katalog, Meine Unterweisungen, Unterweisungen',
        // Admins manage the company's master data; its configuration stays with the super-admin.
        'Einstellungen: Stammdaten',
        'Gefährdungsbeurteilungen: Meine Analysen, Meine Maßnahmen, Auswertungen, Katalog',
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
        'E-Learnings: Meine E-Learnings, Meine Nachweise, Katalog, Meine Unterweisungen, Unterweisungen',
        'Einstellungen: Stammdaten, Konfiguration, Support-Protokoll',
        'Gefährdungsbeurteilungen: Meine Analysen, Meine Maßnahmen, Auswertungen, Katalog',
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
        'E-Learnings: Meine E-Learnings, Meine Nachweise, Katalog, Meine Unterweisungen, Unterweisungen',
        'Einstellungen: Stammdaten',
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
        'E-learnings: My e-learnings, My certificates, Catalogue, My instructions, Instructions',
        'Infopoint',
        'Locations',
        'Members: List, Archive, Groups',
        'Org units',
        'Overview',
        'Risk assessments: My analyses, My actions, Evaluations, Catalogue',
        'Settings: Master data',
        'Templates',
      ],
    },
  ];
  // Every case checks its sidebar in both themes and both languages; half of them start in the dark theme.
  for (const [index, { client, user, base, expected }] of cases.entries()) {
    const [theme, otherTheme] = index % 2 === 1 ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
    test(`${client} ${user} (${theme}, then ${otherTheme}; both languages)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await signIn(page, client, user, base);
      expect(await sidebarEntries(page)).toEqual([...expected].sort());
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

      await page.emulateMedia({ colorScheme: otherTheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', otherTheme);
      expect(await sidebarEntries(page)).toEqual([...expected].sort());

      // The other language, then back: the switch is saved in the member's profile settings.
      const language = (await page.getByTestId('language-switch').inputValue()) === 'en_GB' ? 'en_GB' : 'de_DE';
      const other = language === 'de_DE' ? 'en_GB' : 'de_DE';
      const navigationLabel = (to: string) => (to === 'en_GB' ? ENGLISH_NAV.label : GERMAN_NAV.label) ?? '';
      await switchLanguage(page, other);
      await expect(page.getByRole('navigation', { name: navigationLabel(other) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', other.replace('_', '-'));
      expect(await sidebarEntries(page)).toEqual(translated(expected, other));
      await switchLanguage(page, language);
      await expect(page.getByRole('navigation', { name: navigationLabel(language) })).toBeVisible();
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
    // The start page's own calls first: a 401 must come from the click below, not from a call still under way.
    await expectStartPageLoaded(page);
    // The session ends on the server (e.g. in another tab); the next call answers 401.
    await page.evaluate(() => fetch('/api/logout', { credentials: 'include' }));
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('button', { name: 'Mitarbeiter' })
      .click();
    await page.getByRole('link', { name: 'Liste' }).click();
    // A 401 while signed in means the session ended: it says so.
    await expect(page.getByTestId('toast-danger')).toContainText(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fdashboard%2Fcompany%2Fmembers%2Flist/);
  });

  test('dark theme follows the system and the licensee colours, and the profile setting wins', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${PARTNER}/auth/login`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectBrandPrimary(page, '#4db6ac');
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

  test('two wide initials stay inside the avatar circle', async ({ page }) => {
    await signIn(page, 'acme', 'member');
    const avatar = page.getByTestId('profile-link').locator('.shell-header__avatar');
    await expect(avatar).toHaveText('MM');
    // The widest pair of capitals, whoever signs in.
    const fit = await avatar.evaluate((element) => {
      element.textContent = 'WM';
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const circle = element.getBoundingClientRect();
      return {
        text: text.width,
        circle: circle.width,
        overflows: element.scrollWidth > element.clientWidth,
      };
    });
    expect(fit.overflows).toBe(false);
    // A margin inside the round edge: the letters take at most four fifths of the circle's width.
    expect(fit.text).toBeLessThanOrEqual(fit.circle * 0.8);
    await avatar.screenshot({ path: `${SCREENSHOTS}avatar-wide-initials.png` });
    // On a phone too: the circle keeps its shape beside a long name.
    await page.setViewportSize({ width: 320, height: 640 });
    const small = await avatar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { width: box.width, height: box.height, overflows: element.scrollWidth > element.clientWidth };
    });
    expect(small.overflows).toBe(false);
    expect(Math.round(small.width)).toBe(Math.round(small.height));
    // Nothing lies over it: the sign-out button starts after the circle and ends inside the screen.
    const circle = await avatar.boundingBox();
    const signOut = await page.getByTestId('logout').boundingBox();
    expect((circle?.x ?? 0) + (circle?.width ?? 0)).toBeLessThanOrEqual(signOut?.x ?? 0);
    expect((signOut?.x ?? 0) + (signOut?.width ?? 0)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: `${SCREENSHOTS}avatar-320.png` });
  });

  test('execution pages and the member import sit under their sidebar entry in the breadcrumb', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' });
    // The trail is the shell's: it shows whatever the page itself answers for this execution.
    await page.goto(`/dashboard/apps/risk-assessments/execution/${crypto.randomUUID()}`);
    await expect(breadcrumb).toHaveText(/Dashboard\s*Apps\s*Gefährdungsbeurteilungen\s*Meine Analysen\s*Analyse/);
    await expect(breadcrumb.getByRole('link', { name: 'Meine Analysen' })).toHaveAttribute(
      'href',
      '/dashboard/apps/risk-assessments/my-analyses',
    );
    await page.goto(`/dashboard/apps/elearnings/execution/${crypto.randomUUID()}`);
    await expect(breadcrumb).toHaveText(/Dashboard\s*Apps\s*E-Learnings\s*Meine E-Learnings\s*E-Learning/);
    await page.goto('/dashboard/company/members/import');
    await expect(breadcrumb).toHaveText(/Dashboard\s*Unternehmen\s*Mitarbeiter\s*Liste\s*Mitarbeiter importieren/);
    await page.screenshot({ path: `${SCREENSHOTS}breadcrumb-member-import.png` });
  });

  test('the sidebar and header speak English after the switch', async ({ page }) => {
    await signIn(page, 'acme', 'admin');
    await switchLanguage(page, 'en_GB');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Company' })).toBeVisible();
    // Header texts whose German differs ("Administrator" is the same word in both, so it proves nothing).
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Go to the start page' })).toBeVisible();
    await expect(header.getByRole('link', { name: /My profile/ })).toBeVisible();
    await expect(header.getByText(/Abmelden|Mein Profil/)).toHaveCount(0);
    await switchLanguage(page, 'de_DE');
    await expect(sidebar).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Abmelden' })).toBeVisible();
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
    await expect(page.getByTestId('certificate-not-found')).toBeVisible();
    await expect(page.locator('#support-chat-script')).toHaveCount(0);
    await expect(page.locator('[data-support-chat]')).toHaveCount(0);
  });
});

/** Elements of <main> whose right edge lies beyond main's content box (not inside a scrolling container). */
async function contentSpill(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return [];
    const right = main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
    const scrolls = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...main.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > right + 1 && !scrolls(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 5);
  });
}

test.describe('accessibility and layout', () => {
  const pages = [
    { name: 'sign-in', path: '/auth/login', signedIn: false },
    { name: 'overview', path: '/dashboard/start/overview/elearnings', signedIn: true },
    { name: 'member-list', path: '/dashboard/company/members/list', signedIn: true },
    { name: 'profile', path: '/dashboard/profile/details', signedIn: true },
    { name: 'not-found', path: '/dashboard/start/infopoint', signedIn: true },
  ];
  for (const { name, path, signedIn } of pages) {
    test(`${name}: no serious or critical axe violations in either theme, screenshots at 375, 768 and 1280 px`, async ({
      page,
    }) => {
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
        // Nor does anything in the page's content reach past its padding (cards, forms), unless a scrolling
        // container (a wide table) holds it.
        expect(await contentSpill(page), `${name} at ${width}px`).toEqual([]);
      }
      // axe in both themes (contrast differs), at the desktop width.
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectNoSeriousAxeViolations(page, `${name} (${theme})`);
      }
    });
  }
});
