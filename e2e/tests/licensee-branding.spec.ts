/**
 * The licensee's branding page end to end, on the partner licensee (partner.localhost): its admin changes the primary
 * colour, a too-light one is refused with the contrast message, a valid one shows on the partner's sign-in page at
 * the next page load (a new page, no restart). In German and English; the colour is restored at the end, so that the
 * other tests see the seeded branding.
 */
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { expectBrandPrimary, expectNoSeriousAxeViolations, PASSWORD, switchLanguage } from './helpers';

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;
const SEEDED_PRIMARY = '#00695c';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/licensee-branding-${name}.png`, fullPage: true });

async function signInAsPartnerAdmin(page: Page, language: 'de_DE' | 'en_GB' = 'de_DE') {
  await page.goto(`${PARTNER}/auth/licensee`);
  await switchLanguage(page, language);
  await page.locator('input[name=licenseeIdentifier]').fill('safeguard');
  await page.locator('input[name=username]').fill('partner.admin');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('logout')).toBeVisible();
  await page.locator('[data-nav-id="licensee-branding"]').click();
  await expect(page.getByTestId('branding-form')).toBeVisible();
}

const lightPrimary = (page: Page) => page.getByTestId('branding-colours-light').locator('input[name=lightPrimary]');

async function saveLightPrimary(page: Page, colour: string, savedText: string) {
  await lightPrimary(page).fill(colour);
  await page.getByTestId('branding-save').click();
  await expect(page.getByText(savedText)).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  // Whatever happened above: the partner's seeded colour again.
  const page = await browser.newPage();
  await signInAsPartnerAdmin(page);
  if ((await lightPrimary(page).inputValue()) !== SEEDED_PRIMARY) {
    await saveLightPrimary(page, SEEDED_PRIMARY, 'Das Erscheinungsbild wurde gespeichert.');
  }
  await page.close();
});

test('the licensee admin changes the primary colour: too light is refused, a valid one shows on the sign-in page', async ({
  page,
  browser,
}) => {
  await signInAsPartnerAdmin(page);
  await expect(page.getByRole('heading', { name: 'Erscheinungsbild' })).toBeVisible();
  await expect(page.locator('input[name=name]')).toHaveValue('SafeGuard Partners');
  await expect(lightPrimary(page)).toHaveValue(SEEDED_PRIMARY);
  await expect(page.getByTestId('branding-contrast-ok')).toBeVisible();
  await shot(page, 'de-1280');

  // Too light for white text: the message, the preview shows the colour, nothing is sent.
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/licensee/branding/update')) saves++;
  });
  await lightPrimary(page).fill('#ffeb3b');
  const refused = page.getByTestId('branding-contrast-error');
  await expect(refused).toContainText('Das Kontrastverhältnis muss mindestens 4,5:1 betragen');
  await expect(refused).toContainText('Helles Thema: 1,22:1');
  await expect(page.getByTestId('branding-preview-button-light')).toHaveCSS('background-color', 'rgb(255, 235, 59)');
  await page.getByTestId('branding-save').click();
  await expect(refused).toBeVisible();
  await shot(page, 'de-too-light');
  expect(saves).toBe(0);

  // A dark blue: saved, and the partner's sign-in page shows it at its next load.
  await saveLightPrimary(page, '#1a4d8f', 'Das Erscheinungsbild wurde gespeichert.');
  expect(saves).toBe(1);
  await expect(page.getByTestId('branding-contrast-ok')).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto(`${PARTNER}/auth/login`);
  await expectBrandPrimary(visitor, '#1a4d8f');
  await expect(visitor.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await visitor.screenshot({ path: '../test-results/screenshots/licensee-branding-sign-in-changed.png' });
  // The default licensee's sign-in page keeps its own colour.
  await visitor.goto('/auth/login');
  await expectBrandPrimary(visitor, '#3b3b3b');

  // Back to the seeded colour: the sign-in page follows again.
  await saveLightPrimary(page, SEEDED_PRIMARY, 'Das Erscheinungsbild wurde gespeichert.');
  await visitor.goto(`${PARTNER}/auth/login`);
  await expectBrandPrimary(visitor, SEEDED_PRIMARY);
  await visitor.close();
});

test('in English: the same refusal, and the page passes axe', async ({ page }) => {
  await signInAsPartnerAdmin(page, 'en_GB');
  await expect(page.getByRole('heading', { name: 'Branding' })).toBeVisible();
  await expect(page.getByText('Sign-in page preview')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'branding page', 'main');
  await page.getByTestId('branding-colours-dark').locator('input[name=darkContrast]').fill('#ffffff');
  await expect(page.getByTestId('branding-contrast-error')).toContainText(
    'the contrast ratio must be at least 4.5:1 (WCAG AA)',
  );
  await expect(page.getByTestId('branding-contrast-error')).toContainText('Dark theme: 2.44:1');
  await shot(page, 'en-too-light');

  // An SVG and a renamed executable are refused; the logo stays (a valid upload is proven by the API test, so that
  // the partner keeps its seeded logo for the other tests).
  const logo = await page.getByTestId('branding-logo').getAttribute('src');
  await page.getByTestId('branding-logo-input').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByTestId('branding-logo-error')).toHaveText('This file type is not allowed.');
  await page.getByTestId('branding-logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(2048)]),
  });
  await expect(page.getByTestId('branding-logo-error')).toHaveText('This file type is not allowed.');
  await page.getByTestId('branding-logo-input').setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(41_000),
  });
  await expect(page.getByTestId('branding-logo-error')).toHaveText('The logo is too large: at most 40 KB.');
  await expect(page.getByTestId('branding-logo')).toHaveAttribute('src', logo ?? '');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'en-390');
});
