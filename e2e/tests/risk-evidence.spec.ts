import { expect, type Page, test } from '@playwright/test';
import { apiSession, expectNoSeriousAxeViolations, openSignedIn } from './helpers';

/**
 * Evidence on the answers of an inspection (docs/risk-assessment-follow-up.md "Evidence"): a member photographs a
 * finding with a phone photo that carries a GPS position; the browser shrinks it and the position never reaches the
 * server's copy. The evaluation shows the assessors' notes and photos beside the risk (the demo's VDU inspection).
 */
const SCREENSHOTS = '../test-results/screenshots/risk-evidence-';
const API = '/api/risk-assessment';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A phone photo: drawn in the page at 3000 x 2250 (JPEG), then given the APP1 (EXIF) segment a phone writes, with a
 * GPS position in it.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2250;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const gradient = context.createLinearGradient(0, 0, 3000, 2250);
    gradient.addColorStop(0, '#6b7280');
    gradient.addColorStop(1, '#f2c200');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3000, 2250);
    for (let index = 0; index < 20_000; index += 1) {
      context.fillStyle = `rgba(0, 0, 0, ${Math.random() * 0.3})`;
      context.fillRect(Math.random() * 3000, Math.random() * 2250, 6, 6);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  const jpeg = Buffer.from(base64, 'base64');
  const exif = Buffer.from('Exif\0\0MM GPSLatitude 53.5511 N GPSLongitude 9.9937 E Make Phone', 'latin1');
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), exif]);
  app1.writeUInt16BE(exif.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

test('a member photographs a finding; the photo keeps no position; the evaluation shows evidence beside the risk', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, 'acme', 'member');
  const state = (await (await page.request.get('/api/member/state')).json()) as { member: { uuid: string } };
  const admin = await apiSession(baseURL ?? '', 'acme', 'admin');
  const { uuid } = await admin.post<{ uuid: string }>(`${API}/save-settings`, {
    title: 'Begehung Lager Nord 2026',
    type: 'general-hazards',
    dueDate: inDays(30),
    active: true,
  });
  await admin.post(`${API}/assign-member`, { uuid, memberUuids: [state.member.uuid] });
  await admin.dispose();

  await page.goto('/dashboard/apps/risk-assessments/my-analyses');
  await page
    .getByRole('row', { name: /Begehung Lager Nord 2026/ })
    .getByRole('button', { name: /^Beginnen/ })
    .click();
  await expect(page).toHaveURL(/\/execution\/[0-9a-f-]+/);
  const execution = /execution\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? '';
  const question = page.locator('.ra-question').first();
  await question.getByRole('radio').first().check();
  await question.getByText('Notiz und Fotos').click();
  await question.getByLabel('Notiz zu dieser Antwort').fill('Schutzgitter an der Bandanlage fehlt seit der Wartung.');
  const photo = await phonePhoto(page);
  expect(photo.toString('latin1')).toContain('GPSLatitude');
  await question
    .locator('input[type=file]')
    .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  const thumbnail = question.getByTestId('evidence-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Gespeichert')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}execution-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page, 'inspection with evidence');

  // What the server kept: shrunk to 1600 px, without the position.
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const list = (await (
    await page.request.post(`${API}/read-evidence-photo-list`, {
      data: { executionUuid: execution },
      headers: { 'X-XSRF-TOKEN': xsrf },
    })
  ).json()) as { items: { uuid: string; width: number; height: number }[] };
  expect(list.items).toHaveLength(1);
  expect(list.items[0]).toMatchObject({ width: 1600, height: 1200 });
  const stored = await page.request.post(`${API}/read-evidence-photo`, {
    data: { uuid: list.items[0]?.uuid },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  const bytes = (await stored.body()).toString('latin1');
  expect(bytes).not.toContain('GPSLatitude');
  expect(bytes).not.toContain('Exif');
  expect(photo.length).toBeGreaterThan((await stored.body()).length);

  // The note was saved with the answer.
  await page.reload();
  await expect(page.locator('.ra-question').first().getByLabel('Notiz zu dieser Antwort')).toHaveValue(
    'Schutzgitter an der Bandanlage fehlt seit der Wartung.',
  );
  await expect(page.locator('.ra-question').first().getByTestId('evidence-thumbnail')).toBeVisible();

  // The evaluation (the demo's inspection of the VDU workstations): notes and photos beside the risk.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await openSignedIn(adminPage, 'acme', 'admin');
  await adminPage.goto('/dashboard/apps/risk-assessments/evaluation/list');
  await adminPage
    .getByRole('row', { name: /Bildschirmarbeitsplätze.*Verwaltung/ })
    .getByRole('link', { name: 'Bildschirmarbeitsplätze' })
    .click();
  await adminPage
    .getByRole('button', { name: /^\d+ Nachweise? zu: / })
    .first()
    .click();
  const dialog = adminPage.getByTestId('risk-evidence');
  await expect(dialog.getByText(/Schmerzen im Handgelenk/)).toBeVisible();
  const demoPhoto = dialog.getByTestId('evidence-thumbnail');
  await expect(demoPhoto).toBeVisible();
  await expect.poll(() => demoPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
  await adminPage.screenshot({ path: `${SCREENSHOTS}evaluation-de.png`, fullPage: true });
  await expectNoSeriousAxeViolations(adminPage, 'evidence dialog');
  await adminContext.close();
});
