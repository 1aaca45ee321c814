import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Request, test } from '@playwright/test';
import { MAIN_COURSE_PORT, MAIN_PORT } from '../playwright.config';
import { courseFrame, openMyTask, openSignedIn, uploadCoursePackage } from './helpers';
import { cdnLibraryPackage, isolationProbePackage } from './scorm-test-packages';

/**
 * Courses are third-party code: they run on the course origin (docs/scorm.md "Isolation"), reach the player's SCORM
 * API only by postMessage (scorm-again's cross-frame API), and load what they need from the hosts its policy allows.
 * globex's load-securing course is the stage: its drivers play it, so that no other test's course changes.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const COURSE_ORIGIN = `http://127.0.0.1:${MAIN_COURSE_PORT}`;
const COURSE_TITLE = 'Ladungssicherung';

test.describe('course isolation', () => {
  test('a course cannot read the dashboard’s storage or cookies nor call its API, and still completes', async ({
    browser,
  }) => {
    await uploadCoursePackage(browser, COURSE_TITLE, 'abschottung.zip', isolationProbePackage(), 'globex');
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await openSignedIn(page, 'globex', 'fahrer1');
    // Something of the dashboard's own for a course to steal.
    await page.evaluate(() => localStorage.setItem('isolation-secret', 'nur für das Dashboard'));
    expect(await page.evaluate(() => document.cookie)).toContain('XSRF-TOKEN=');
    const apiCalls: Request[] = [];
    page.on('request', (request) => {
      if (request.url() === `http://localhost:${MAIN_PORT}/api/member/state` && request.frame() !== page.mainFrame()) {
        apiCalls.push(request);
      }
    });

    await openMyTask(page, COURSE_TITLE);
    const frame = page.getByTestId('player-frame');
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(COURSE_ORIGIN);
    const course = courseFrame(page);
    await expect(course.locator('#status')).toHaveText('abgeschlossen');
    const probes = course.locator('[data-probe]');
    await expect(probes).toHaveCount(9);
    const outcomes = Object.fromEntries(
      await probes.evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-probe'), item.querySelector('strong')?.textContent]),
      ),
    );
    expect(outcomes).toEqual({
      'storage-top': 'blocked',
      'storage-parent': 'blocked',
      'storage-grandparent': 'blocked',
      'storage-own': 'blocked',
      cookie: 'blocked',
      'dashboard-document': 'blocked',
      'dashboard-api-object': 'blocked',
      'api-dashboard': 'blocked',
      'api-relative': 'blocked',
    });
    // The call that reached the dashboard (the test allows http://localhost for its CDN stand-in) came without the
    // member's session: the course origin is another site, so the browser sends none of the dashboard's cookies.
    for (const call of apiCalls) expect((await call.allHeaders()).cookie ?? '').not.toContain('SESSION=');

    // Completed through SCORM, over postMessage.
    await expect(page.getByTestId('player-success')).toContainText('Geschafft!');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-course-isolation-1280.png` });
    await page.getByTestId('player-success').getByRole('button', { name: 'Im Kurs bleiben' }).click();
    await expect(page.getByTestId('player-success')).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(course.locator('#status')).toHaveText('abgeschlossen');
    await page.screenshot({ path: `${SCREENSHOTS}elearning-course-isolation-390.png` });
    await context.close();
  });

  test('a course that loads its library and stylesheet from another origin (a CDN) starts and completes', async ({
    browser,
  }) => {
    // The CDN stand-in, on a port of its own: http://localhost:<port> is allowed by the e2e server's
    // COURSE_CONTENT_SOURCES, the same server as http://127.0.0.1:<port> is not (it stands for an unlisted host).
    const cdn: Server = createServer((request, response) => {
      const files: Record<string, [string, string]> = {
        '/lib/course-lib.js': [
          'text/javascript',
          `window.CourseLib = {
  version: '2.1',
  title: function () { return 'Ladung richtig sichern'; },
  complete: function (api) {
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.score.scaled', '0.9');
    api.Commit('');
  }
};`,
        ],
        '/lib/course-lib.css': ['text/css', 'h1 { color: rgb(0, 128, 0); }'],
        '/lib/tracker.js': ['text/javascript', 'window.trackerLoaded = true;'],
      };
      const file = files[request.url ?? ''];
      response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' });
      response.end(file?.[1] ?? 'not found');
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const port = (cdn.address() as AddressInfo).port;
    try {
      await uploadCoursePackage(
        browser,
        COURSE_TITLE,
        'cdn.zip',
        cdnLibraryPackage(`http://localhost:${port}`, `http://127.0.0.1:${port}`),
        'globex',
      );
      const context = await browser.newContext({ locale: 'de-DE' });
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
          report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      const page = await context.newPage();
      await openSignedIn(page, 'globex', 'fahrer2');
      await openMyTask(page, COURSE_TITLE);
      const course = courseFrame(page);
      await expect(course.getByRole('heading', { level: 1 })).toHaveText('Ladung richtig sichern');
      await expect(course.locator('#version')).toHaveText('Bibliothek 2.1');
      await expect(course.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(0, 128, 0)');
      await expect(course.locator('#tracker')).toHaveText('Fremdes Skript blockiert');
      await course.getByRole('button', { name: 'Abschließen' }).click();
      await expect(page.getByTestId('player-success')).toContainText('Geschafft!');
      // The one refusal is the unlisted host's script; the CDN's script and stylesheet, the frame page and the
      // course passed both policies (the dashboard's and the course origin's).
      expect(violations).toEqual([`script-src-elem blocked http://127.0.0.1:${port}/lib/tracker.js`]);
      await context.close();
    } finally {
      await new Promise((resolve) => cdn.close(resolve));
    }
  });
});
