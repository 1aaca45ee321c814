/**
 * The licensee's branding page end to end, on the partner licensee (partner.localhost): its admin changes the primary
 * colour, a too-light one is refused with the contrast message, a valid one shows on the partner's sign-in page at
 * the next page load (a new page, no restart). In German and English; the colour is restored at the end, so that the
 * other tests see the seeded branding.
 */
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { expectBrandPrimary, expectNoSeriousAxeViolations, signInAsLicensee, switchLanguage } from './helpers';

const PARTNER = `http://partner.localhost:${MAIN_PORT}`;
const SEEDED_PRIMARY = '#00695c';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `../test-results/screenshots/licensee-branding-${name}.png`, fullPage: true });

async function signInAsPartnerAdmin(page: Page, language: 'de_DE' | 'en_GB' = 'de_DE') {
  await signInAsLicensee(page, { licensee: 'safeguard', username: 'partner.admin', baseURL: PARTNER, language });
  await page.locator('[data-nav-id="licensee-branding"]').click();
  await expect(page.getByTestId('branding-form')).toBeVisible();
}

const lightPrimary = (page: Page) => page.getByTestId('branding-colours-light').locator('input[name=lightPrimary]');

async function saveLightPrimary(page: Page, colour: string, savedText: string) {
  await lightPrimary(page).fill(colour);
  // The answer first: a failure then says whether the save was sent and what it answered, not only "no toast".
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/licensee/branding/update'));
  await page.getByTestId('branding-save').click();
  expect((await answer).status()).toBe(200);
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

/** A landscape picture drawn in the browser (a real PNG, as a photo would be uploaded). */
async function moodPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d');
    if (!context) return '';
    const sky = context.createLinearGradient(0, 0, 0, 600);
    sky.addColorStop(0, '#ffb74d');
    sky.addColorStop(1, '#00695c');
    context.fillStyle = sky;
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#004d40';
    context.beginPath();
    context.moveTo(0, 600);
    context.lineTo(260, 260);
    context.lineTo(420, 420);
    context.lineTo(600, 200);
    context.lineTo(800, 600);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('the licensee admin adds a domain and a mood image: the sign-in page there shows it with its copyright; removing both returns to the default', async ({
  page,
  browser,
}) => {
  const HOST = `http://sicher.localhost:${MAIN_PORT}`;
  await signInAsPartnerAdmin(page);
  const card = page.getByTestId('domains-card');
  await expect(card.getByRole('heading', { name: 'Domains' })).toBeVisible();
  // The host this console is open under: marked, and not removable from here.
  await expect(card.getByTestId('domain-row').filter({ hasText: 'partner.localhost' })).toContainText(
    'diese Konsole ist darüber geöffnet',
  );
  await expect(card.getByTestId('domain-remove-partner.localhost')).toHaveCount(0);

  // Not a host name: the form says so before sending; another licensee's host: the server's "domain exists".
  const hostField = card.locator('input[name=hostName]');
  await hostField.fill('https://sicher.localhost/login');
  await card.getByTestId('domain-add').click();
  await expect(card.getByText('Bitte geben Sie einen Hostnamen ohne https:// und ohne Pfad ein')).toBeVisible();
  await hostField.fill('localhost');
  await card.getByTestId('domain-add').click();
  await expect(card.getByTestId('domain-add-error')).toHaveText(
    'Diese Domain ist bereits vergeben: Sie gehört schon zu einem Lizenznehmer.',
  );
  // Before: the host shows the default licensee.
  const visitor = await browser.newPage();
  await visitor.goto(`${HOST}/auth/login`);
  await expectBrandPrimary(visitor, '#3b3b3b');

  await hostField.fill('Sicher.Localhost');
  await card.getByTestId('domain-add').click();
  await expect(page.getByText('Die Domain sicher.localhost wurde hinzugefügt.')).toBeVisible();
  await expect(card.getByTestId('domain-row').filter({ hasText: 'sicher.localhost' })).toBeVisible();
  await expect(hostField).toHaveValue('');

  // A renamed executable is refused; a real picture is saved at once; the copyright is saved with the form.
  const moodInput = page.getByTestId('branding-mood-input');
  await moodInput.setInputFiles({
    name: 'berge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(2048)]),
  });
  await expect(page.getByTestId('branding-mood-error')).toHaveText('Dieser Dateityp ist nicht erlaubt.');
  await moodInput.setInputFiles({ name: 'gross.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2_100_000) });
  await expect(page.getByTestId('branding-mood-error')).toHaveText('Das Stimmungsbild ist zu groß: höchstens 2 MB.');
  await moodInput.setInputFiles({ name: 'berge.png', mimeType: 'image/png', buffer: await moodPng(page) });
  await expect(page.getByText('Das Stimmungsbild wurde gespeichert.')).toBeVisible();
  const moodUrl = await page.getByTestId('branding-mood').getAttribute('src');
  expect(moodUrl).toMatch(/^\/api\/file\/licensee\/mood\//);
  await page.locator('input[name=moodImageCopyright]').fill('Foto: Berge am Morgen, SafeGuard');
  await page.getByTestId('branding-save').click();
  await expect(page.getByText('Das Erscheinungsbild wurde gespeichert.')).toBeVisible();
  await shot(page, 'domains-de-1280');

  // The next page load of the new host: the partner's branding with the new picture and its copyright.
  await visitor.goto(`${HOST}/auth/login`);
  await expectBrandPrimary(visitor, SEEDED_PRIMARY);
  const mood = visitor.locator('.shell-auth__mood');
  await expect(mood).toHaveCSS('background-image', new RegExp(moodUrl?.replace(/[/.]/g, '\\$&') ?? 'none'));
  await expect(mood.locator('figcaption')).toHaveText('Foto: Berge am Morgen, SafeGuard');
  await expect(visitor.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await visitor.screenshot({ path: '../test-results/screenshots/licensee-branding-mood-sign-in-de-1280.png' });
  await switchLanguage(visitor, 'en_GB');
  await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(mood.locator('figcaption')).toHaveText('Foto: Berge am Morgen, SafeGuard');
  await visitor.screenshot({ path: '../test-results/screenshots/licensee-branding-mood-sign-in-en-1280.png' });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: '../test-results/screenshots/licensee-branding-mood-sign-in-en-390.png' });
  await visitor.setViewportSize({ width: 1280, height: 800 });

  // Removing the picture: the sign-in page has none again (the default).
  await page.getByTestId('branding-mood-remove').click();
  await expect(page.getByText('Das Stimmungsbild wurde entfernt.')).toBeVisible();
  await expect(page.getByTestId('branding-mood-none')).toBeVisible();
  await visitor.goto(`${HOST}/auth/login`);
  await expectBrandPrimary(visitor, SEEDED_PRIMARY);
  await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(visitor.locator('.shell-auth__mood')).toHaveCount(0);

  // Removing the domain: the host shows the default licensee again at its next load.
  await card.getByTestId('domain-remove-sicher.localhost').click();
  await expect(page.getByText('Die Domain sicher.localhost wurde entfernt.')).toBeVisible();
  await expect(card.getByTestId('domain-row').filter({ hasText: 'sicher.localhost' })).toHaveCount(0);
  await visitor.goto(`${HOST}/auth/login`);
  await expectBrandPrimary(visitor, '#3b3b3b');
  await visitor.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'domains-de-390');
  // The partner's copyright as seeded, for the tests after this one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('input[name=moodImageCopyright]').fill('Photo: SafeGuard Partners Ltd');
  await page.getByTestId('branding-save').click();
  await expect(page.getByText('Das Erscheinungsbild wurde gespeichert.')).toBeVisible();
});

test('in English on a phone: the domains card and the image fields', async ({ page }) => {
  await signInAsPartnerAdmin(page, 'en_GB');
  const card = page.getByTestId('domains-card');
  await expect(card.getByText('this console is open under it')).toBeVisible();
  await card.locator('input[name=hostName]').fill('portal..example');
  await card.getByTestId('domain-add').click();
  await expect(card.getByText('Please enter a host name without https:// and without a path')).toBeVisible();
  await expect(page.getByText('Sign-in page mood image')).toBeVisible();
  await shot(page, 'domains-en-1280');
  await expectNoSeriousAxeViolations(page, 'branding page with domains', 'main');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'domains-en-390');
});
