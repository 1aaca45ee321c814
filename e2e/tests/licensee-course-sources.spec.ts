/**
 * Course content sources per licensee (issue 28, docs/scorm.md "Policies"), end to end: the default licensee's admin
 * sees the server's default in the console, a wrong line is refused with its message, then sets two vendor hosts;
 * a member of one of its clients (globex) opens a course and the course file's content-security policy names them.
 * The server default is put back at the end (the other course tests rely on it: their CDN stand-in).
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { MAIN_COURSE_PORT } from '../playwright.config';
import { courseFrame, expectNoSeriousAxeViolations, openMyTask, signIn, signInAsLicensee } from './helpers';

const COURSE_ORIGIN = `http://127.0.0.1:${MAIN_COURSE_PORT}`;
const COURSE_TITLE = 'Ladungssicherung';
const SOURCES = ['https://cdn.vendor.example', 'https://*.fonts.example'];

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}licensee-course-sources-${name}.png`, fullPage: true });

async function openCourseSources(page: Page, language: 'de_DE' | 'en_GB' = 'de_DE') {
  await signInAsLicensee(page, { language });
  await page.locator('[data-nav-id="licensee-branding"]').click();
  const card = page.getByTestId('course-sources-card');
  await expect(card.getByTestId('course-sources-form')).toBeVisible();
  return card;
}

test.afterAll(async ({ browser }) => {
  // Whatever happened above: the server's default again.
  const page = await browser.newPage({ locale: 'de-DE' });
  const card = await openCourseSources(page);
  const useDefault = card.getByLabel('Standard des Servers verwenden');
  if (!(await useDefault.isChecked())) {
    await useDefault.check();
    await card.getByTestId('course-sources-save').click();
    await expect(page.getByText('Die Inhaltsquellen wurden gespeichert.', { exact: false })).toBeVisible();
  }
  await page.close();
});

test('the licensee admin sets the course content sources; a course of its client gets them in its policy', async ({
  page,
  browser,
}) => {
  const card = await openCourseSources(page);
  await expect(card.getByRole('heading', { name: 'Inhaltsquellen der Kurse' })).toBeVisible();
  // The e2e server's default (COURSE_CONTENT_SOURCES), and the licensee uses it.
  await expect(card.getByTestId('course-sources-default')).toContainText('https: http://localhost:*');
  const useDefault = card.getByLabel('Standard des Servers verwenden');
  await expect(useDefault).toBeChecked();
  await expect(card.getByTestId('course-sources-text')).toHaveCount(0);

  // Its own list: a line that is not an https source is refused with its message, nothing is sent.
  await useDefault.uncheck();
  const text = card.getByLabel('Eigene Inhaltsquellen');
  await text.fill(`${SOURCES[0]}\n'unsafe-inline'`);
  await text.blur();
  await expect(card.getByRole('alert')).toContainText(
    `Das Feld "Eigene Inhaltsquellen" enthält eine ungültige Quelle: 'unsafe-inline'.`,
  );
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/licensee/course-sources/update')) saves++;
  });
  await card.getByTestId('course-sources-save').click();
  expect(saves).toBe(0);
  await expectNoSeriousAxeViolations(page, 'course sources card with an error', '[data-testid=course-sources-card]');
  await shot(page, 'error-de-1280');

  await text.fill(`${SOURCES.join('\n')}\n`);
  await card.getByTestId('course-sources-save').click();
  await expect(page.getByText('Die Inhaltsquellen wurden gespeichert.', { exact: false })).toBeVisible();
  expect(saves).toBe(1);
  await expect(card.getByRole('alert')).toHaveCount(0);
  // Read back after a reload: the licensee's own list.
  await page.reload();
  await expect(page.getByTestId('course-sources-card').getByLabel('Eigene Inhaltsquellen')).toHaveValue(
    SOURCES.join('\n'),
  );
  await shot(page, 'saved-de-1280');

  // A member of globex (a client of this licensee) opens a course: its files come with the licensee's sources.
  const context = await browser.newContext({ locale: 'de-DE' });
  const member = await context.newPage();
  await signIn(member, 'globex', 'fahrer6');
  const courseFile = member.waitForResponse(
    (response) =>
      response.url().startsWith(`${COURSE_ORIGIN}/files/`) && response.request().resourceType() === 'document',
  );
  const framePage = member.waitForResponse((response) => response.url().startsWith(`${COURSE_ORIGIN}/launch/`));
  await openMyTask(member, COURSE_TITLE);
  const policy = (await (await courseFile).allHeaders())['content-security-policy'] ?? '';
  expect(policy).toContain(`script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: ${SOURCES.join(' ')};`);
  expect(policy).toContain(`connect-src 'self' ${SOURCES.join(' ')};`);
  expect(policy).not.toContain('http://localhost:*');
  expect((await (await framePage).allHeaders())['content-security-policy']).toContain(
    `frame-src 'self' ${SOURCES.join(' ')};`,
  );
  // The course itself still starts (its own files are 'self').
  await expect(courseFrame(member).locator('body')).not.toBeEmpty();
  await context.close();
});

test('the card in English', async ({ page }) => {
  const card = await openCourseSources(page, 'en_GB');
  await expect(card.getByRole('heading', { name: 'Course content sources' })).toBeVisible();
  await expect(card.getByTestId('course-sources-default')).toContainText('Server default:');
  const useDefault = card.getByLabel('Use the server default');
  if (await useDefault.isChecked()) await useDefault.uncheck();
  const text = card.getByLabel('Own content sources');
  await text.fill(Array.from({ length: 21 }, (_, index) => `https://cdn${index}.vendor.example`).join('\n'));
  await text.blur();
  await expect(card.getByRole('alert')).toContainText('may contain at most 20 sources');
  await shot(page, 'en-1280');
});
