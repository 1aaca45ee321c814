import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { MAIN_COURSE_PORT, MAIN_PORT, RESILIENCE_PORT } from '../playwright.config';
import { courseFrame, signIn } from './helpers';

/**
 * The content-security policy (server/src/http/securityHeaders.ts) is one the real app passes. Every page
 * below is opened with the policy on, and neither a `securitypolicyviolation` event (in the page or any frame) nor
 * a console error or warning may appear.
 */

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;
const RESILIENCE = `http://localhost:${RESILIENCE_PORT}`;

interface Findings {
  violations: string[];
  console: string[];
}

/** Records violations of every frame (an exposed binding survives navigations) and console errors and warnings. */
async function watch(context: BrowserContext, page: Page): Promise<Findings> {
  const findings: Findings = { violations: [], console: [] };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    findings.violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      findings.console.push(`${message.type()}: ${message.text()} (${page.url()})`);
    }
  });
  page.on('pageerror', (error) => findings.console.push(`pageerror: ${error.message} (${page.url()})`));
  return findings;
}

/**
 * Console lines the app causes on purpose, none of them about the policy (a blocked load reads "Refused to …" and
 * raises a violation event): answers with an error status (401 of the member state while signed out, 404 of an
 * unknown certificate), the player's sandbox note (the course must run same-origin to reach the SCORM API,
 * docs/scorm.md).
 */
const EXPECTED_CONSOLE = [
  /^error: Failed to load resource: the server responded with a status of (401|404) /,
  /^warning: An iframe which has both allow-scripts and allow-same-origin for its sandbox attribute/,
];
/** The resilience deployment's company remote is offline by design (port 9, which Chromium refuses outright). */
const OFFLINE_COMPANY_REMOTE = [/127\.0\.0\.1:9\/mf-manifest\.json|mf[-_]company/, /net::ERR_UNSAFE_PORT/];

function expectClean(findings: Findings, alsoExpected: RegExp[] = []) {
  expect(findings.violations, 'content-security policy violations').toEqual([]);
  const expected = [...EXPECTED_CONSOLE, ...alsoExpected];
  const unexpected = findings.console.filter((line) => !expected.some((pattern) => pattern.test(line)));
  expect(unexpected, 'console errors and warnings').toEqual([]);
}

test.describe('security headers in the browser', () => {
  test('sign-in, start, member list, an e-learning in the player and a print page pass the policy', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const findings = await watch(context, page);

    const login = await page.goto('/auth/login/acme');
    const csp = login?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Frames: this origin and the course origin (another site: 127.0.0.1 for a dashboard on localhost), no other.
    expect(csp).toContain(`frame-src 'self' http://127.0.0.1:${MAIN_COURSE_PORT};`);
    expect(login?.headers()['x-frame-options']).toBe('SAMEORIGIN');
    expect(login?.headers()['strict-transport-security']).toBeUndefined();
    await signIn(page, 'acme', 'admin');
    await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();

    await page.goto('/dashboard/company/members/list');
    await expect(page.locator('.ui-table tbody tr').first()).toBeVisible();

    // The player: the course runs on the course origin under its own policy (no violation in any frame either).
    await page.goto('/dashboard/apps/elearnings/my-elearnings');
    const start = page.locator('.ui-table tbody').getByRole('button').first();
    await expect(start).toBeVisible();
    await start.click();
    await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
    await expect(courseFrame(page).locator('h1').first()).toBeVisible();

    // A print page: the layout's inline <style> is allowed by its hash.
    await page.goto('/dashboard/apps/elearnings/certificate/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('certificate-not-found')).toBeVisible();
    await expect(page.locator('main.shell-print style')).toHaveCount(1);
    expect(
      await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.ownerNode instanceof HTMLStyleElement)),
    ).toBe(true);

    expectClean(findings);
    await context.close();
  });

  test("the support chat vendor's script loads under the policy", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const findings = await watch(context, page);
    await page.route('https://chat.example.com/widget.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "const el = document.createElement('div'); el.dataset.supportChat = ''; el.textContent = 'Chat'; document.body.append(el);",
      }),
    );
    await page.goto(`${PARTNER}/auth/login`);
    await expect(page.locator('[data-support-chat]')).toHaveText('Chat');
    expectClean(findings);
    await context.close();
  });

  test('a remote on another origin (REMOTE_URL_MF_ELEARNINGS) loads under the policy', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const findings = await watch(context, page);
    await signIn(page, 'acme', 'admin', RESILIENCE);
    const csp = (await page.request.get(`${RESILIENCE}/auth/login`)).headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* http://127\\.0\\.0\\.1:${MAIN_PORT}`));
    await page.goto(`${RESILIENCE}/dashboard/apps/elearnings/catalog/list`);
    await expect(page.getByRole('heading', { name: 'E-Learning-Katalog' })).toBeVisible();
    await expect(page.locator('.ui-table tbody tr').first()).toBeVisible();
    expectClean(findings, OFFLINE_COMPANY_REMOTE);
    await context.close();
  });
});
