import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from './elearning-player-pdf';
import { courseFrame, expectNoSeriousAxeViolations, openSignedIn, switchLanguage } from './helpers';
import { storedZip } from './scorm-test-packages';

/**
 * The player with the two demo courses: SCORM 1.2 in German with close-and-resume (long suspend data)
 * and a commit by sendBeacon on page close, the quiz, the success modal, the certificate and its PDF; SCORM 2004 in
 * English; the administrator's package upload; a package of several SCOs (table of contents, resume in the SCO the
 * member was in, navigation requests, completion after the last SCO).
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MY = '/dashboard/apps/elearnings/my-elearnings';

/** Opens a task of My e-learnings in the player; answers the execution's uuid. */
async function openTask(page: Page, title: RegExp): Promise<string> {
  await page.goto(MY);
  const start = page.locator('.ui-table tbody').getByRole('button', { name: title });
  await start.first().click();
  await expect(page).toHaveURL(/\/elearnings\/execution\/[0-9a-f-]+$/);
  return page.url().split('/').pop() ?? '';
}

/** The course inside the player (its frame page on the course origin, then the course's own frame). */
const course = courseFrame;

/** One SCO of the multi-SCO test package: SCORM 2004 calls behind the course's own buttons. */
const scoPage = (title: string, scaled: string) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><main>
<h1>${title}</h1><p id="location"></p>
<button type="button" id="done">Abschließen</button>
<button type="button" id="bookmark">Merken</button>
<button type="button" id="back">Zurück im Kurs</button>
<script>
var api = window.parent.API_1484_11;
api.Initialize('');
document.getElementById('location').textContent = 'Stand: ' + (api.GetValue('cmi.location') || '-');
document.getElementById('done').onclick = function () {
  api.SetValue('cmi.completion_status', 'completed');
  api.SetValue('cmi.success_status', 'passed');
  api.SetValue('cmi.score.scaled', '${scaled}');
  api.Commit('');
};
document.getElementById('bookmark').onclick = function () {
  api.SetValue('cmi.location', 'Loch 7');
  api.SetValue('cmi.exit', 'suspend');
  api.Commit('');
};
document.getElementById('back').onclick = function () {
  api.SetValue('adl.nav.request', 'previous');
  api.Terminate('');
};
</script></main></body></html>`;

/** Three SCOs and an asset, nested items, xml:base: the kind of package Rustici's multi-SCO "golf" samples are. */
function golfPackage(): Buffer {
  return storedZip({
    'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="golf" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xml:base="golf/">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="GOLF"><organization identifier="GOLF"><title>Golf erklärt</title>
    <item identifier="BASICS"><title>Grundlagen</title>
      <item identifier="RULES" identifierref="R_RULES"><title>Regeln</title></item>
      <item identifier="ROUND" identifierref="R_ROUND"><title>Eine Runde in Bildern</title></item>
    </item>
    <item identifier="SCORING" identifierref="R_SCORING"><title>Zählweise</title></item>
    <item identifier="QUIZ" identifierref="R_QUIZ"><title>Wissenstest</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="R_RULES" type="webcontent" adlcp:scormType="sco" href="rules.html"/>
    <resource identifier="R_ROUND" type="webcontent" adlcp:scormType="asset" href="round.html"/>
    <resource identifier="R_SCORING" type="webcontent" adlcp:scormType="sco" href="scoring.html"/>
    <resource identifier="R_QUIZ" type="webcontent" adlcp:scormType="sco" href="quiz.html"/>
  </resources>
</manifest>`,
    'golf/rules.html': scoPage('Regeln', '0.8'),
    'golf/round.html':
      '<!doctype html><html lang="de"><title>Runde</title><main><h1>Eine Runde in Bildern</h1></main></html>',
    'golf/scoring.html': scoPage('Zählweise', '0.6'),
    'golf/quiz.html': scoPage('Wissenstest', '1'),
  });
}

test.describe('e-learning player', () => {
  test('SCORM 1.2 in German: resume after closing the tab, a beacon commit, quiz, certificate and PDF', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    let page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    const execution = await openTask(page, /Sicherheitsunterweisung/);
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Willkommen zur Sicherheitsunterweisung');
    await expectNoSeriousAxeViolations(page, 'player');

    // By keyboard: the course's own buttons.
    await course(page).getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Gefahren erkennen');
    // Notes of 5,000 characters: suspend_data beyond SCORM 1.2's 4,096 is kept whole.
    const notes = `Stolperstelle Lager Halle 3. ${'x'.repeat(5_000)}`;
    await course(page)
      .getByLabel(/Ihre Notizen/)
      .fill(notes);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('player-save-state')).toHaveText('Fortschritt gespeichert');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-de.png`, fullPage: true });

    // Close the tab in the middle; come back: the course resumes where it stopped.
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    expect(await openTask(page, /Sicherheitsunterweisung/)).toBe(execution);
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Gefahren erkennen');
    await expect(course(page).getByLabel(/Ihre Notizen/)).toHaveValue(notes);

    // A course that sets its bookmark without committing: the value goes by sendBeacon when the tab closes (the
    // player's quiet-moment save comes only 5 s later, so nothing but the beacon can carry it).
    const beacons: string[] = [];
    context.on('request', (request) => {
      if (/\/api\/elearning\/save-execution\?xsrf=/.test(request.url()))
        beacons.push(request.headers()['content-type'] ?? '');
    });
    await course(page)
      .locator('body')
      .evaluate(() =>
        (window.parent as unknown as { API: { LMSSetValue(k: string, v: string): string } }).API.LMSSetValue(
          'cmi.core.lesson_location',
          '3',
        ),
      );
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    await openTask(page, /Sicherheitsunterweisung/);
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Kurzes Quiz');
    // Where the browser reports it, the request was the beacon's (text/plain, token in the query).
    for (const contentType of beacons) expect(contentType).toMatch(/^text\/plain/);

    // The quiz: all three right.
    await course(page).getByLabel('Meine Führungskraft').check();
    await course(page).getByLabel('112').check();
    await course(page).getByLabel('Im Verbandbuch').check();
    await course(page).getByRole('button', { name: 'Antworten prüfen' }).click();
    await expect(course(page).locator('#score')).toHaveText('Ihr Ergebnis: 100 %');
    // The pass mark is the manifest's (adlcp:masteryscore), handed to the course by the runtime.
    await expect(course(page).locator('#pass-mark')).toHaveText('Bestanden ab 66 %');
    const masteryScore = await course(page)
      .locator('body')
      .evaluate(() =>
        (window.parent as unknown as { API: { LMSGetValue(k: string): string } }).API.LMSGetValue(
          'cmi.student_data.mastery_score',
        ),
      );
    expect(masteryScore).toBe('66');
    const success = page.getByTestId('player-success');
    await expect(success).toBeVisible();
    await expect(success).toContainText('Geschafft!');
    await expectNoSeriousAxeViolations(page, 'success modal');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-de.png` });
    await success.getByRole('button', { name: 'Teilnahmebescheinigung' }).click();

    await expect(page).toHaveURL(/\/elearnings\/certificate\/[0-9a-f-]+$/);
    const certificate = page.getByTestId('certificate');
    await expect(certificate.getByRole('heading', { level: 1 })).toHaveText('Teilnahmebescheinigung');
    await expect(page.getByTestId('certificate-course')).toHaveText(
      'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)',
    );
    await expect(page.getByTestId('certificate-score')).toHaveText('100 %');
    // Minutes and seconds, never "00:00" for a short visit.
    await expect(page.getByTestId('certificate-duration')).toHaveText(/^(\d+ Std\. )?(\d+ Min\. )?\d+ Sek\.$/);
    const name = (await page.getByTestId('certificate-name').textContent()) ?? '';
    expect(name.trim().length).toBeGreaterThan(3);
    // Print layout, landscape; no support chat, no sidebar.
    await expect(page.locator('main.shell-print--landscape')).toBeVisible();
    await expect(page.locator('#support-chat-script')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'certificate');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-certificate-de.png`, fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-certificate-print-de.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('certificate-pdf').click()]);
    expect(download.suggestedFilename()).toMatch(
      /^Allgemeine-Sicherheitsunterweisung-12-ArbSchG_Mara-Mitarbeiter_\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const text = pdfText(readFileSync((await download.path()) ?? ''));
    expect(text).toContain('Teilnahmebescheinigung');
    expect(text).toContain(name.trim());
    expect(text).toContain('Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)');
    expect(text).toContain('100 %');

    // The task is done in My e-learnings.
    await page.goto(`${MY}?f.status=done`);
    await expect(page.locator('.ui-table tbody')).toContainText('Allgemeine Sicherheitsunterweisung');
    await context.close();
  });

  test('SCORM 2004 in English: the course follows the language, success modal and certificate in English', async ({
    page,
  }) => {
    await openSignedIn(page, 'acme', 'member');
    // The switch saves the language in the profile: wait for it before the next page load reads it.
    await switchLanguage(page, 'en_GB');
    try {
      await openTask(page, /Fire protection basics/);
      const frame = course(page);
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Preventing fires');
      for (const heading of ['What to do in a fire', 'Using a fire extinguisher', 'Short quiz']) {
        await frame.getByRole('button', { name: 'Next' }).click();
        await expect(frame.getByRole('heading', { level: 1 })).toHaveText(heading);
      }
      await frame.getByLabel('Stay calm and raise the alarm').check();
      await frame.getByLabel('With the wind, front to back').check();
      await frame.getByLabel('Yes, in summer').check();
      await frame.getByRole('button', { name: 'Check answers' }).click();
      await expect(frame.locator('#score')).toHaveText('Your score: 67 %');
      await expect(frame.locator('#pass-mark')).toHaveText('Pass mark: 66 %');
      const success = page.getByTestId('player-success');
      await expect(success).toContainText('Well done!');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-player-success-en.png` });
      await success.getByRole('button', { name: 'Certificate of participation' }).click();
      await expect(page.getByTestId('certificate').getByRole('heading', { level: 1 })).toHaveText(
        'Certificate of participation',
      );
      await expect(page.getByTestId('certificate-course')).toHaveText('Fire protection basics');
      await expect(page.getByTestId('certificate-score')).toHaveText('67 %');
      await page.screenshot({ path: `${SCREENSHOTS}elearning-certificate-en.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, 'certificate (en)');
    } finally {
      await page.goto(MY);
      await switchLanguage(page, 'de_DE');
    }
  });

  test('several SCOs: table of contents by keyboard, resume in the last SCO, navigation requests, done after the last', async ({
    browser,
  }) => {
    const adminContext = await browser.newContext({ locale: 'de-DE' });
    const admin = await adminContext.newPage();
    await openSignedIn(admin, 'acme', 'admin');
    await admin.goto('/dashboard/apps/elearnings/catalog/list');
    await admin.getByRole('link', { name: 'Gefahrstoffe' }).click();
    const section = admin.locator('.elearning-package');
    await admin
      .getByTestId('package-file')
      .setInputFiles({ name: 'golf.zip', mimeType: 'application/zip', buffer: golfPackage() });
    await section.getByRole('button', { name: 'Paket hochladen' }).click();
    await expect(admin.getByTestId('package-details')).toContainText('4 Teile (3 mit Lernstand)');
    await adminContext.close();

    const context = await browser.newContext({ locale: 'de-DE' });
    let page = await context.newPage();
    await openSignedIn(page, 'acme', 'member');
    const execution = await openTask(page, /Gefahrstoffe/);
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(contents.getByRole('button')).toHaveText([
      'RegelnNicht begonnen',
      'Eine Runde in Bildern',
      'ZählweiseNicht begonnen',
      'WissenstestNicht begonnen',
    ]);
    await expect(contents.locator('[aria-current=step]')).toHaveText(/^Regeln/);
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Regeln');
    await expectNoSeriousAxeViolations(page, 'player with contents');

    await course(page).getByRole('button', { name: 'Abschließen' }).click();
    await expect(contents.getByRole('button').first()).toHaveText('RegelnBestanden · 80 %');

    // By keyboard: the table of contents' buttons.
    await contents.getByRole('button', { name: /^Zählweise/ }).focus();
    await page.keyboard.press('Enter');
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Zählweise');
    await expect(page.getByTestId('player-position')).toHaveText('Teil 3 von 4: Zählweise');
    await course(page).getByRole('button', { name: 'Merken' }).click();
    await expect(contents.getByRole('button', { name: /^Zählweise/ })).toHaveText('ZählweiseBegonnen');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-player-multi-sco-de.png`, fullPage: true });

    // Closed and opened again: back in the SCO the member was in, with its bookmark.
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    expect(await openTask(page, /Gefahrstoffe/)).toBe(execution);
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Zählweise');
    await expect(course(page).locator('#location')).toHaveText('Stand: Loch 7');

    // Next, then the course's own "previous" (adl.nav.request) comes back here.
    await page.getByTestId('player-next').click();
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Wissenstest');
    await course(page).getByRole('button', { name: 'Abschließen' }).click();
    const bar = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(bar.getByRole('button').last()).toHaveText('WissenstestBestanden · 100 %');
    await expect(page.getByTestId('player-success')).toBeHidden();
    await course(page).getByRole('button', { name: 'Zurück im Kurs' }).click();
    await expect(course(page).getByRole('heading', { level: 1 })).toHaveText('Zählweise');
    await course(page).getByRole('button', { name: 'Abschließen' }).click();
    // The last SCO done: the attempt is done.
    const success = page.getByTestId('player-success');
    await expect(success).toContainText('Geschafft!');
    await success.getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await page.goto(`${MY}?f.status=done`);
    await expect(page.locator('.ui-table tbody')).toContainText('Gefahrstoffe');
    await context.close();
  });

  test('an administrator uploads a package: refused zip explained, title and language editable', async ({ page }) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'scorm-e2e-'));
    execFileSync('npx', ['tsx', 'server/src/modules/elearnings/shippedContent/build-cli.ts', folder], {
      cwd: REPO,
      stdio: 'ignore',
    });
    const broken = path.join(folder, 'kaputt.zip');
    writeFileSync(broken, 'this is not a zip');

    await openSignedIn(page, 'acme', 'admin');
    await page.goto('/dashboard/apps/elearnings/catalog/list');
    await page.getByRole('link', { name: 'Leitern und Tritte' }).click();
    const section = page.locator('.elearning-package');
    await expect(section).toContainText('Für dieses E-Learning ist noch kein Kurs hinterlegt');
    await page.getByTestId('package-file').setInputFiles(broken);
    await section.getByRole('button', { name: 'Paket hochladen' }).click();
    await expect(page.getByTestId('package-error')).toHaveText('Die Datei ist kein gültiges ZIP-Archiv.');

    await page.getByTestId('package-file').setInputFiles(path.join(folder, 'sicher-arbeiten-scorm12.zip'));
    await section.getByRole('button', { name: 'Paket hochladen' }).click();
    await expect(page.getByTestId('package-details')).toContainText('SCORM 1.2');
    await expect(page.getByTestId('package-details')).toContainText('index.html');
    const title = section.getByLabel('Titel des Kurses');
    await expect(title).toHaveValue('Sicher arbeiten – Grundunterweisung');
    await title.fill('Leitern sicher benutzen');
    await section.getByLabel('Sprache des Kurses').selectOption('de_DE');
    await section.getByRole('button', { name: 'Titel und Sprache speichern' }).click();
    await expect(page.getByText('Titel und Sprache wurden gespeichert.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'package upload');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-package-de.png`, fullPage: true });

    await switchLanguage(page, 'en_GB');
    await expect(section.getByRole('heading', { name: 'Course (SCORM package)' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}elearning-package-en.png`, fullPage: true });
    await switchLanguage(page, 'de_DE');
  });
});
