import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { courseFrame, openSignedIn, switchLanguage } from './helpers';

/**
 * The seeded sequenced demo course (docs/scorm.md "Demo courses"): acme's "Erste Hilfe – Unterweisung für alle
 * Beschäftigten", SCORM 2004 with IMS Simple Sequencing, as the demo member plays it without any upload: the entry
 * check first, the final test locked until the three modules are completed, then passed, and the course done by
 * rollup. Once in German; once in English on the next (repeating) task that the completion gives the member.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const MY = '/dashboard/apps/elearnings/my-elearnings';
const heading = (page: Page) => courseFrame(page).getByRole('heading', { level: 1 });

interface Texts {
  course: string;
  contents: string;
  locked: string;
  /** The final test's title in the contents (the manifest's item metadata gives it per language). */
  finalPart: string;
  refused: string;
  entry: string;
  check: string;
  toModules: string;
  next: string;
  completeModule: string;
  modules: string[][];
  final: string;
  /** The correct answer of each question of the final test, in order. */
  answers: string[];
  /** Two wrong answers (question index: answer): 60 %, below the pass mark of 80 %. */
  wrong: Record<number, string>;
  failed: string;
  retry: string;
  passed: string;
  finish: string;
  success: string;
  stay: string;
  done: string;
}

const GERMAN: Texts = {
  course: 'Erste Hilfe – Unterweisung für alle Beschäftigten',
  contents: 'Inhalt',
  locked: 'Gesperrt',
  finalPart: 'Abschlusstest',
  refused: 'gerade nicht möglich',
  entry: 'Eingangscheck: Was wissen Sie schon?',
  check: 'Antworten prüfen',
  toModules: 'Weiter zu den Lernmodulen',
  next: 'Weiter',
  completeModule: 'Modul abschließen',
  modules: [
    ['Die Rettungskette', 'Notruf 112', 'Betreuen bis der Rettungsdienst kommt'],
    [
      'Bewusstsein und Atmung prüfen',
      'Bewusstlos, normale Atmung: stabile Seitenlage',
      'Keine normale Atmung: Wiederbelebung',
      'Der AED',
    ],
    ['Ersthelferinnen und Ersthelfer', 'Verbandkasten, Aushang, AED', 'Melden und dokumentieren'],
  ],
  final: 'Abschlusstest Erste Hilfe',
  answers: [
    'Stabile Seitenlage, Notruf 112, die Atmung ständig kontrollieren',
    'Notruf 112, AED holen lassen, sofort Herzdruckmassage: 30 Mal drücken, 2 Mal beatmen',
    'Jeder: einschalten und den Sprachanweisungen folgen',
    '6',
    'Im Verbandbuch oder Meldeblock eintragen; die Aufzeichnung wird fünf Jahre aufbewahrt',
  ],
  wrong: { 2: 'Nur Ärztinnen und Ärzte', 3: '1' },
  failed: 'Noch nicht bestanden',
  retry: 'Test wiederholen',
  passed: 'Bestanden',
  finish: 'Kurs abschließen',
  success: 'Geschafft!',
  stay: 'Im Kurs bleiben',
  done: 'Ende des Kurses',
};

const ENGLISH: Texts = {
  course: 'First aid – instruction for all employees',
  contents: 'Contents',
  locked: 'Locked',
  finalPart: 'Final test',
  refused: 'do not allow this step',
  entry: 'Entry check: what do you know already?',
  check: 'Check answers',
  toModules: 'Continue to the modules',
  next: 'Next',
  completeModule: 'Complete module',
  modules: [
    ['The chain of survival', 'Emergency number 112', 'Looking after the casualty until help arrives'],
    [
      'Checking response and breathing',
      'Unresponsive, breathing normally: recovery position',
      'Not breathing normally: resuscitation',
      'The AED',
    ],
    ['First aiders', 'First-aid box, notice, AED', 'Reporting and recording'],
  ],
  final: 'First aid final test',
  answers: [
    'Recovery position, call 112, keep checking her breathing',
    'Call 112, send for an AED, start chest compressions at once: 30 compressions, 2 rescue breaths',
    'Anyone: switch it on and follow the spoken instructions',
    '6',
    'Record it in the accident book (Verbandbuch or Meldeblock); the record is kept for five years',
  ],
  wrong: { 2: 'Only doctors', 3: '1' },
  failed: 'Not passed yet',
  retry: 'Retake test',
  passed: 'Passed',
  finish: 'Finish course',
  success: 'Well done!',
  stay: 'Stay in the course',
  done: 'end of the course',
};

/** Plays the whole course from the entry check; `failFirst` answers the final test wrongly once. */
async function playCourse(page: Page, texts: Texts, options: { failFirst: boolean; screenshots: string }) {
  await page.goto(MY);
  await page.locator('.ui-table tbody').getByRole('button', { name: texts.course }).first().click();
  await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
  const contents = page.getByRole('navigation', { name: texts.contents });
  const finalTest = contents.getByRole('button', { name: new RegExp(`^${texts.finalPart}`) });

  // The engine delivers the entry check; the final test is locked, and choosing it is refused.
  await expect(heading(page)).toHaveText(texts.entry);
  await expect(contents.getByRole('button')).toHaveCount(5);
  await expect(finalTest).toHaveAttribute('data-state', 'locked');
  await expect(finalTest).toHaveText(`${texts.finalPart}${texts.locked}`);
  await page.screenshot({ path: `${SCREENSHOTS}elearning-demo-first-aid-locked-${options.screenshots}.png` });
  // aria-disabled, yet a button: a click asks the engine, which refuses.
  await finalTest.click({ force: true });
  await expect(page.getByTestId('player-notice')).toContainText(texts.refused);
  await expect(heading(page)).toHaveText(texts.entry);

  // Entry check: not marked, any answers go on.
  await courseFrame(page).getByLabel('112', { exact: true }).check();
  await courseFrame(page).getByRole('button', { name: texts.check }).click();
  await courseFrame(page).getByRole('button', { name: texts.toModules }).click();

  // Three modules in flow order; each one's last page completes it and the engine delivers the next part.
  for (const [index, pages] of texts.modules.entries()) {
    for (const [pageIndex, title] of pages.entries()) {
      await expect(heading(page)).toHaveText(title);
      if (pageIndex < pages.length - 1) await courseFrame(page).getByRole('button', { name: texts.next }).click();
    }
    if (index < texts.modules.length - 1) await expect(finalTest).toHaveAttribute('data-state', 'locked');
    await courseFrame(page).getByRole('button', { name: texts.completeModule }).click();
  }

  // Every module completed: the final test is open.
  await expect(heading(page)).toHaveText(texts.final);
  await expect(finalTest).toHaveAttribute('data-state', 'available');
  if (options.failFirst) {
    for (const [question, answer] of texts.answers.entries()) {
      const pick = texts.wrong[question] ?? answer;
      await courseFrame(page).getByRole('group').nth(question).getByLabel(pick, { exact: true }).check();
    }
    await courseFrame(page).getByRole('button', { name: texts.check }).click();
    await expect(heading(page)).toHaveText(texts.failed);
    await expect(page.getByTestId('player-success')).toBeHidden();
    await courseFrame(page).getByRole('button', { name: texts.retry }).click();
  }
  for (const [question, answer] of texts.answers.entries()) {
    await courseFrame(page).getByRole('group').nth(question).getByLabel(answer, { exact: true }).check();
  }
  await courseFrame(page).getByRole('button', { name: texts.check }).click();
  await expect(heading(page)).toHaveText(texts.passed);

  // Rolled up from the final test: the course is completed and passed with the test's commit, before the learner
  // ends the SCO (the dialog is modal: the course's own "finish" comes after it).
  await expect(page.getByTestId('player-success')).toContainText(texts.success);
  await page.getByTestId('player-success').getByRole('button', { name: texts.stay }).click();
  await expect(page.getByTestId('player-success')).toBeHidden();
  await courseFrame(page).getByRole('button', { name: texts.finish }).click();
  await expect(page.getByTestId('player-notice')).toContainText(texts.done);
  await expect(finalTest).toHaveText(new RegExp(`^${texts.finalPart}`));
  await page.screenshot({ path: `${SCREENSHOTS}elearning-demo-first-aid-done-${options.screenshots}.png` });
  await page.goto(`${MY}?f.status=done`);
  await expect(page.locator('.ui-table tbody')).toContainText(texts.course);
}

test.describe.configure({ mode: 'serial' });
// Five launches of a sequenced course.
test.setTimeout(180_000);

test.describe('the sequenced demo course "Erste Hilfe"', () => {
  test('German: entry check, the final test locked until the three modules are done, failed once, then passed: the course is done', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    await playCourse(page, GERMAN, { failFirst: true, screenshots: 'de' });
    await context.close();
  });

  test('English: the next task of the same course, played in British English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    await switchLanguage(page, 'en_GB');
    try {
      await playCourse(page, ENGLISH, { failFirst: false, screenshots: 'en' });
    } finally {
      await switchLanguage(page, 'de_DE');
      await context.close();
    }
  });
});
