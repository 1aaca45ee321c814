import { expect, test } from '@playwright/test';
import { courseFrame, openMyTask, openSignedIn, uploadCoursePackage } from './helpers';
import { confirmResumePackage, silentResumePackage } from './scorm-test-packages';

/**
 * Reopening a course in the player: the two ways real packages resume. One asks "resume where you left off?" with
 * confirm() (the course frame must allow modals, or confirm() answers false unasked and the course restarts), one
 * goes back silently to its bookmark and restores its suspend data.
 */

/** The course inside the player (its frame page on the course origin, then the course's own frame). */
const course = courseFrame;

test.describe('e-learning player: resume on reopen', () => {
  test('a course that asks with confirm(): the question appears, yes lands on the bookmarked page', async ({
    browser,
  }) => {
    await uploadCoursePackage(browser, 'Erste Hilfe im Betrieb', 'erste-hilfe.zip', confirmResumePackage());
    const context = await browser.newContext({ locale: 'de-DE' });
    let page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    const execution = await openMyTask(page, 'Erste Hilfe im Betrieb');
    const heading = () => course(page).getByRole('heading', { level: 1 });
    await expect(heading()).toHaveText('Notruf absetzen');
    await expect(course(page).locator('#entry')).toHaveText('Einstieg: ab-initio');
    await course(page).getByRole('button', { name: 'Weiter' }).click();
    await course(page).getByRole('button', { name: 'Weiter' }).click();
    await expect(heading()).toHaveText('Herz-Lungen-Wiederbelebung');
    await expect(page.getByTestId('player-save-state')).toHaveText('Fortschritt gespeichert');

    // Reopened: the course asks, the member says yes, the course is on page 3 again.
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    expect(await openMyTask(page, 'Erste Hilfe im Betrieb')).toBe(execution);
    await expect(heading()).toHaveText('Herz-Lungen-Wiederbelebung');
    await expect(course(page).locator('#entry')).toHaveText('Einstieg: resume');
    expect(questions).toEqual(['confirm: Möchten Sie dort weitermachen, wo Sie aufgehört haben?']);

    // Reopened and answered no: the course starts at page 1, as the member chose.
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss());
    await openMyTask(page, 'Erste Hilfe im Betrieb');
    await expect(heading()).toHaveText('Notruf absetzen');
    await context.close();
  });

  test('a SCORM 1.2 course that resumes silently from lesson_location and suspend_data', async ({ browser }) => {
    await uploadCoursePackage(browser, 'Bildschirmarbeitsplatz', 'bildschirm.zip', silentResumePackage());
    const context = await browser.newContext({ locale: 'de-DE' });
    let page = await context.newPage();
    await openSignedIn(page, 'acme', 'loc.admin');
    const execution = await openMyTask(page, 'Bildschirmarbeitsplatz');
    const heading = () => course(page).getByRole('heading', { level: 1 });
    await expect(heading()).toHaveText('Monitor ausrichten');
    await course(page).getByRole('button', { name: 'Weiter' }).click();
    await expect(heading()).toHaveText('Stuhl einstellen');
    await course(page).getByLabel('Meine Einstellungen am Arbeitsplatz').fill('Sitzhöhe 48 cm, Monitor 70 cm entfernt');
    await course(page).getByRole('button', { name: 'Beenden' }).click();
    await expect(page.getByTestId('player-save-state')).toHaveText('Fortschritt gespeichert');

    const questions: string[] = [];
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    expect(await openMyTask(page, 'Bildschirmarbeitsplatz')).toBe(execution);
    await expect(heading()).toHaveText('Stuhl einstellen');
    await expect(course(page).getByLabel('Meine Einstellungen am Arbeitsplatz')).toHaveValue(
      'Sitzhöhe 48 cm, Monitor 70 cm entfernt',
    );
    expect(questions).toEqual([]);
    await context.close();
  });
});
