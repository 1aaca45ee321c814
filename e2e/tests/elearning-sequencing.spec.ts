import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { courseFrame, openSignedIn, switchLanguage, uploadCoursePackage } from './helpers';
import { multiSco12Package, sequencedCoursePackage } from './scorm-test-packages';

/**
 * Sequenced SCORM 2004 courses and SCORM 1.2 courses of several SCOs in the player (docs/scorm.md "Sequencing").
 * Both play "Gefahrstoffe" as the demo member, one after the other: finishing a course gives the member the next
 * (repeating) task, which starts on the package uploaded next.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const MY = '/dashboard/apps/elearnings/my-elearnings';
const course = courseFrame;
const heading = (page: Page) => course(page).getByRole('heading', { level: 1 });

async function openOpenTask(page: Page): Promise<string> {
  await page.goto(MY);
  await page
    .locator('.ui-table tbody')
    .getByRole('button', { name: /Gefahrstoffe/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
  return page.url().split('/').pop() ?? '';
}

test.describe.configure({ mode: 'serial' });
// Several launches, another device and a reload: longer than one page's test.
test.setTimeout(180_000);

test.describe('e-learning player: sequencing and several SCOs', () => {
  test('SCORM 1.2 of three SCOs: free choice in the tree, done when every SCO is', async ({ browser }) => {
    await uploadCoursePackage(browser, 'Gefahrstoffe', 'multi-12.zip', multiSco12Package());
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    await openOpenTask(page);
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(contents.getByRole('button')).toHaveText([
      'Gefahrstoffe erkennenNicht begonnen',
      'Lagern und KennzeichnenNicht begonnen',
      'SchutzmaßnahmenNicht begonnen',
    ]);
    // Free choice: the last part first.
    await contents.getByRole('button', { name: /^Schutzmaßnahmen/ }).click();
    await expect(heading(page)).toHaveText('Schutzmaßnahmen');
    await course(page).getByRole('button', { name: 'Teil abschließen' }).click();
    await expect(contents.getByRole('button', { name: /^Schutzmaßnahmen/ })).toHaveText('SchutzmaßnahmenAbgeschlossen');
    await contents.getByRole('button', { name: /^Gefahrstoffe erkennen/ }).click();
    await expect(heading(page)).toHaveText('Gefahrstoffe erkennen');
    await course(page).getByRole('button', { name: 'Teil abschließen' }).click();
    await expect(page.getByTestId('player-success')).toBeHidden();
    await page.getByTestId('player-next').click();
    await expect(heading(page)).toHaveText('Lagern und Kennzeichnen');
    await course(page).getByRole('button', { name: 'Teil abschließen' }).click();
    await expect(page.getByTestId('player-success')).toContainText('Geschafft!');
    await page.getByTestId('player-success').getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await context.close();
  });

  test('SCORM 2004 sequenced: pre-test failed, lesson, remediation after a failed test, rollup to the course; state survives another device', async ({
    browser,
  }) => {
    await uploadCoursePackage(browser, 'Gefahrstoffe', 'sequenced.zip', sequencedCoursePackage());
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 720 } });
    let page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    const execution = await openOpenTask(page);
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    // The engine delivers the pre-test first.
    await expect(heading(page)).toHaveText('Einstufungstest');
    await expect(contents.locator('[aria-current=step]')).toHaveText(/^Einstufungstest/);
    await expect(page.getByTestId('player-exit')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-sequencing-1280-de.png` });

    // Failed: flow continues to the lesson (not skipped: the global objective is not satisfied).
    await course(page).getByRole('button', { name: 'Nicht bestanden' }).click();
    await expect(heading(page)).toHaveText('Lektion: Notruf und Seitenlage');
    await expect(contents.getByRole('button', { name: /^Einstufungstest/ })).toHaveText(
      'EinstufungstestNicht bestanden',
    );
    // Shared data (adlcp:data): the pre-test's note, written to the store "notes", read by the lesson.
    await expect(course(page).locator('#shared')).toHaveText('Notiz: Einstufungstest failed');
    await course(page).getByRole('button', { name: 'Lektion abschließen' }).click();
    await expect(heading(page)).toHaveText('Abschlusstest');
    // adlnav:presentation of the final test hides the player's Back.
    await expect(page.getByTestId('player-previous')).toBeHidden();

    // Another device (a new context): the engine's state comes from the server, the final test is open again.
    const other = await browser.newContext({ locale: 'de-DE' });
    const otherPage = await other.newPage();
    await openSignedIn(otherPage, 'acme', 'member');
    await otherPage.goto(`/dashboard/apps/elearnings/execution/${execution}`);
    await expect(heading(otherPage)).toHaveText('Abschlusstest');
    await other.close();

    // Failed final test: remediation, back to the lesson (post-condition "previous").
    await course(page).getByRole('button', { name: 'Nicht bestanden' }).click();
    await expect(heading(page)).toHaveText('Lektion: Notruf und Seitenlage');
    await expect(page.getByTestId('player-success')).toBeHidden();
    await page.getByTestId('player-next').click();
    await expect(heading(page)).toHaveText('Abschlusstest');

    // Reload: the same activity again (the engine's state, saved with the commits).
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    await page.goto(`/dashboard/apps/elearnings/execution/${execution}`);
    await expect(heading(page)).toHaveText('Abschlusstest');

    await course(page).getByRole('button', { name: 'Bestanden', exact: true }).click();
    // Rolled up: the course is satisfied and completed, though not every part passed.
    await expect(page.getByTestId('player-success')).toContainText('Geschafft!');
    await page.getByTestId('player-success').getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await expect(page.getByTestId('player-notice')).toContainText('Ende des Kurses');
    await context.close();
  });

  test('SCORM 2004 sequenced: a passed pre-test skips the lesson and the test; screenshots', async ({ browser }) => {
    await uploadCoursePackage(browser, 'Gefahrstoffe', 'sequenced.zip', sequencedCoursePackage());
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    await openOpenTask(page);
    await expect(heading(page)).toHaveText('Einstufungstest');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}elearning-sequencing-390-de.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    // The language switch is in the header at this width.
    await switchLanguage(page, 'en_GB');
    try {
      await page.goto(page.url());
      await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
      await expect(heading(page)).toHaveText('Einstufungstest');
      await expect(page.getByTestId('player-next')).toHaveText('Continue');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-sequencing-1280-en.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENSHOTS}elearning-sequencing-390-en.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
    } finally {
      await switchLanguage(page, 'de_DE');
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(page.url());
    await expect(heading(page)).toHaveText('Einstufungstest');
    await course(page).getByRole('button', { name: 'Bestanden', exact: true }).click();
    // Lesson and final test skipped: the course rolled up to done.
    await expect(page.getByTestId('player-success')).toContainText('Geschafft!');
    await page.getByTestId('player-success').getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await expect(page.getByTestId('player-notice')).toContainText('Ende des Kurses');
    await expect(page.getByTestId('player-frame')).toBeHidden();
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(contents.getByRole('button', { name: /^Einstufungstest/ })).toHaveText('EinstufungstestBestanden');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-sequencing-ended-1280-de.png` });
    // After the end the engine refuses a choice of a skipped part: said, and no course comes back.
    await contents.getByRole('button', { name: /^Lektion/ }).click();
    await expect(page.getByTestId('player-notice')).toContainText('gerade nicht möglich');
    await expect(page.getByTestId('player-frame')).toBeHidden();
    await context.close();
  });
});
