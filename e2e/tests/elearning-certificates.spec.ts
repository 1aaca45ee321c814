import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from './elearning-player-pdf';
import {
  expectNoSeriousAxeViolations,
  headersOutOfSight,
  recordRemoteDownloads,
  rowsScrollSideways,
  signIn,
  switchLanguage,
} from './helpers';

/**
 * Certificates as people use them: a member opens "Meine Nachweise" from the sidebar and downloads a certificate; an
 * administrator downloads a member's certificate from the analytics of a course; someone without an account checks
 * the code printed on it at /verify/<code> in a fresh browser (valid, expired, not found, typed into the form).
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const FIRE_PROTECTION = '00000000-0000-4000-8000-00000000e002';
const CODE = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

/** The verification code printed on a downloaded certificate. */
async function codeOf(download: { path(): Promise<string | null> }): Promise<{ code: string; text: string }> {
  const text = pdfText(readFileSync((await download.path()) ?? ''));
  const code = CODE.exec(text)?.[0];
  if (!code) throw new Error(`no verification code in the PDF:\n${text}`);
  return { code, text };
}

/** Codes the tests below hand on: the member's (expired, from the seed) and a colleague's (valid). */
const codes = { expired: '', valid: '', validName: '', validCourse: '' };

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe
  .serial('certificates', () => {
    test('a member opens Meine Nachweise from the sidebar and downloads a certificate', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await signIn(page, 'acme', 'member');
      const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await sidebar.getByRole('button', { name: 'E-Learnings' }).click();
      await sidebar.getByRole('link', { name: 'Meine Nachweise' }).click();
      await expect(page).toHaveURL(/\/elearnings\/my-certificates$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Meine Nachweise' })).toBeVisible();

      // The seed's completion of the yearly safety instruction, 398 days ago: expired, listed first.
      const row = page.locator('.ui-table tbody tr').filter({ hasText: 'Allgemeine Sicherheitsunterweisung' }).first();
      await expect(row).toBeVisible();
      await expect(row.getByTestId('certificate-validity')).toHaveText('Abgelaufen');
      const shownCode = (await row.locator('code').textContent()) ?? '';
      expect(shownCode).toMatch(CODE);
      expect(await headersOutOfSight(page)).toEqual([]);
      await expectNoSeriousAxeViolations(page, 'my certificates');
      await screenshots(page, 'elearning-my-certificates-de');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('my-certificate-pdf').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^Allgemeine-Sicherheitsunterweisung-12-ArbSchG_Mara-Mitarbeiter_\d{4}-\d{2}-\d{2}\.pdf$/,
      );
      const { code, text } = await codeOf(download);
      expect(code).toBe(shownCode);
      expect(text).toContain('Teilnahmebescheinigung');
      expect(text).toContain('Mara Mitarbeiter');
      expect(text).toContain(`/verify/${code}`);
      codes.expired = code;

      // The certificate page shows the same code.
      await row.getByRole('link', { name: /ansehen/ }).click();
      await expect(page.getByTestId('certificate-verification')).toContainText(code);
      await page.screenshot({ path: `${SCREENSHOTS}elearning-certificate-code-1280.png`, fullPage: true });
      await page.goBack();

      // Filtered to the valid ones, the expired certificate is gone.
      await page.getByLabel('Gültigkeit').selectOption('valid');
      await expect(page).toHaveURL(/f\.validity=valid/);
      await expect(page.locator('.ui-table table[aria-busy=false]')).toBeVisible();
      await expect(page.getByTestId('certificate-validity').filter({ hasText: 'Abgelaufen' })).toHaveCount(0);

      // Narrow screens: the rows need no sideways scrolling.
      await page.goto('/dashboard/apps/elearnings/my-certificates');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator('.ui-table tbody td').first()).toBeVisible();
      expect(await rowsScrollSideways(page)).toEqual([]);

      // In English.
      await page.setViewportSize({ width: 1280, height: 720 });
      await switchLanguage(page, 'en_GB');
      try {
        await expect(page.getByRole('heading', { level: 1, name: 'My certificates' })).toBeVisible();
        await expect(page.getByTestId('certificate-validity').first()).toHaveText('Expired');
        await expectNoSeriousAxeViolations(page, 'my certificates (en)');
        await page.screenshot({ path: `${SCREENSHOTS}elearning-my-certificates-en-1280.png`, fullPage: true });
      } finally {
        await switchLanguage(page, 'de_DE');
      }
    });

    test("an administrator downloads a member's certificate from the analytics of a course", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await signIn(page, 'acme', 'admin');
      await page.goto(`/dashboard/apps/elearnings/catalog/details/${FIRE_PROTECTION}/analytics?f.status=completed`);
      const rows = page.locator('.ui-table table[aria-busy=false] tbody tr');
      const row = rows.filter({ has: page.getByTestId('member-certificate-pdf') }).first();
      await expect(row).toBeVisible();
      const link = row.getByTestId('member-certificate-pdf');
      const label = (await link.getAttribute('aria-label')) ?? '';
      const name = /von (.+) als PDF/.exec(label)?.[1] ?? '';
      expect(name.length).toBeGreaterThan(3);
      await expectNoSeriousAxeViolations(page, 'analytics with certificates');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-analytics-certificates-1280.png`, fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const [first, last] = name.split(' ');
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^(Brandschutz-Grundlagen|Fire-protection-basics)_${first}-${last}_\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
      );
      const { code, text } = await codeOf(download);
      expect(text).toContain(name);
      codes.valid = code;
      codes.validName = name;
      codes.validCourse = /Brandschutz Grundlagen|Fire protection basics/.exec(text)?.[0] ?? '';
    });

    test('anyone checks a code at /verify without signing in, and no dashboard remote loads', async ({ browser }) => {
      expect(codes.valid).toMatch(CODE);
      // A fresh browser: no cookies, no cache.
      const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const remotes = recordRemoteDownloads(page);
      try {
        await page.goto(`/verify/${codes.valid}`);
        const found = page.getByTestId('verify-found');
        await expect(found.getByTestId('verify-status')).toHaveText('Gültiger Nachweis');
        await expect(found.getByTestId('verify-name')).toHaveText(codes.validName);
        await expect(found.getByTestId('verify-course')).toHaveText(codes.validCourse);
        await expect(page.getByTestId('licensee-logo')).toBeVisible();
        await expectNoSeriousAxeViolations(page, 'verify (valid)');
        await screenshots(page, 'verify-valid-de');

        // The member's expired certificate: genuine, no longer valid.
        await page.goto(`/verify/${codes.expired}`);
        await expect(page.getByTestId('verify-status')).toHaveText('Nachweis abgelaufen');
        await expect(page.getByTestId('verify-name')).toHaveText('Mara Mitarbeiter');
        await screenshots(page, 'verify-expired-de');

        // A wrong code: a clear "not found".
        await page.goto('/verify/ZZZZ-ZZZZ-ZZZZ');
        await expect(page.getByTestId('verify-not-found')).toContainText('Kein Nachweis gefunden');
        await expect(page.getByTestId('verify-not-found')).toContainText('ZZZZ-ZZZZ-ZZZZ');
        await expect(page.getByTestId('verify-found')).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, 'verify (not found)');
        await screenshots(page, 'verify-not-found-de');

        // Typed as people type it: lower case, no hyphens.
        await page.getByLabel('Prüfcode').fill(codes.valid.replace(/-/g, '').toLowerCase());
        await page.getByRole('button', { name: 'Prüfen' }).click();
        await expect(page).toHaveURL(new RegExp(`/verify/${codes.valid}$`));
        await expect(page.getByTestId('verify-status')).toHaveText('Gültiger Nachweis');

        // Something that cannot be a code is refused before it is sent.
        await page.goto('/verify/not-a-code');
        await expect(page.getByTestId('verify-result')).toContainText('kein gültiger Prüfcode');

        // English, from the language switch of the sign-in frame.
        await page.goto(`/verify/${codes.valid}`);
        await switchLanguage(page, 'en_GB');
        await expect(page.getByTestId('verify-status')).toHaveText('Valid certificate');
        await page.screenshot({ path: `${SCREENSHOTS}verify-valid-en-1280.png`, fullPage: true });

        // The shell's own page: no area of the dashboard was downloaded, and nobody is signed in.
        expect([...remotes]).toEqual([]);
        expect((await context.cookies()).find((cookie) => cookie.name === 'SESSION')).toBeUndefined();
      } finally {
        await context.close();
      }
    });
  });
