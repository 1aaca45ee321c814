import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { courseFrame, openMyTask, openSignedIn, switchLanguage, uploadCoursePackage } from './helpers';
import { confirmResumePackage } from './scorm-test-packages';

/**
 * The player fits the window on a laptop (1280x720) and a phone (390x844): the course frame ends above the window's
 * bottom, so the course's own navigation bar at its foot is in sight; full screen on request; the success dialog's
 * buttons are whole in German and English. Measured, and screenshots for a look.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const LAPTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
/** The course inside the player (its frame page on the course origin, then the course's own frame). */
const course = courseFrame;

/** The element lies wholly inside the window (page coordinates, also for elements inside the course frame). */
async function expectInWindow(page: Page, locator: Locator, label: string) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box, label).not.toBeNull();
  if (!box || !size) return;
  expect(box.x, `${label}: left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${label}: top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label}: right`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box.y + box.height, `${label}: bottom`).toBeLessThanOrEqual(size.height + 0.5);
}

async function expectPlayerFits(page: Page, label: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectInWindow(page, page.getByTestId('player-frame'), `${label}: course frame`);
  for (const name of ['Zurück', 'Weiter', 'Beenden']) {
    await expectInWindow(page, course(page).getByRole('button', { name }), `${label}: course button ${name}`);
  }
  const frame = await page.getByTestId('player-frame').boundingBox();
  // The frame takes the room there is: most of the window, not a sliver.
  expect(frame?.height ?? 0, `${label}: frame height`).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.5);
}

/** Every button of the dialog is inside the window and shows its whole label (nothing cut off). */
async function expectDialogButtonsWhole(page: Page, dialog: Locator, label: string) {
  const buttons = dialog.locator('.ui-modal__footer button');
  const count = await buttons.count();
  expect(count, label).toBeGreaterThanOrEqual(2);
  for (let index = 0; index < count; index++) {
    const button = buttons.nth(index);
    const name = (await button.textContent()) ?? '';
    await expectInWindow(page, button, `${label}: ${name}`);
    const clipped = await button.evaluate(
      (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
    );
    expect(clipped, `${label}: ${name} shows its whole label`).toBe(false);
  }
  await expectInWindow(page, dialog, `${label}: dialog`);
}

async function finishCourse(page: Page) {
  for (let step = 0; step < 3; step++) await course(page).getByRole('button', { name: 'Weiter' }).click();
  await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Zusammenfassung');
}

test.describe('e-learning player: layout', () => {
  test('German: fits laptop and phone, full screen, the success dialog whole on both', async ({ browser }) => {
    await uploadCoursePackage(browser, 'Erste Hilfe im Betrieb', 'erste-hilfe.zip', confirmResumePackage());
    const context = await browser.newContext({ locale: 'de-DE', viewport: LAPTOP });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'super.admin');
    await openMyTask(page, 'Erste Hilfe im Betrieb');
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Notruf absetzen');
    await expectPlayerFits(page, '1280x720');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-1280x720-de.png` });

    await page.getByTestId('player-full-screen').click();
    await expect(page.getByTestId('player-full-screen')).toHaveText('Vollbild beenden');
    expect(await page.evaluate(() => document.fullscreenElement?.className)).toBe('elearning-player');
    await expectPlayerFits(page, 'full screen');
    await page.getByTestId('player-full-screen').click();
    await expect(page.getByTestId('player-full-screen')).toHaveText('Vollbild');
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

    await page.setViewportSize(PHONE);
    await expectPlayerFits(page, '390x844');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-390x844-de.png` });

    await finishCourse(page);
    const success = page.getByTestId('player-success');
    await expect(success).toContainText('Geschafft!');
    await expectDialogButtonsWhole(page, success, 'success dialog 390x844 de');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-390x844-de.png` });
    await page.setViewportSize(LAPTOP);
    await expectDialogButtonsWhole(page, success, 'success dialog 1280x720 de');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-1280x720-de.png` });
    await success.getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await expect(success).toBeHidden();
    await context.close();
  });

  test('English: the success dialog whole on phone and laptop', async ({ browser }) => {
    await uploadCoursePackage(browser, 'Erste Hilfe im Betrieb', 'erste-hilfe.zip', confirmResumePackage());
    const context = await browser.newContext({ locale: 'en-GB', viewport: LAPTOP });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'admin');
    // The language switch is in the sidebar, folded away on a phone.
    await switchLanguage(page, 'en_GB');
    await page.setViewportSize(PHONE);
    try {
      await openMyTask(page, 'First aid basics');
      await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Notruf absetzen');
      await expectPlayerFits(page, '390x844 en');
      await finishCourse(page);
      const success = page.getByTestId('player-success');
      await expect(success).toContainText('Well done!');
      await expectDialogButtonsWhole(page, success, 'success dialog 390x844 en');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-390x844-en.png` });
      await page.setViewportSize(LAPTOP);
      await expectDialogButtonsWhole(page, success, 'success dialog 1280x720 en');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-1280x720-en.png` });
    } finally {
      await page.setViewportSize(LAPTOP);
      await page.goto('/dashboard/apps/elearnings/my-elearnings');
      await switchLanguage(page, 'de_DE');
      await context.close();
    }
  });
});
