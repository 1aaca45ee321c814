// Doing the work, measured as a member of the demo client acme:
//   - the SCORM player: a commit (save-execution) under load, every request a higher sequence so each is applied;
//     target p95 <= 20 ms;
//   - in Chromium with a warm cache: from the click on an e-learning task to the course's first page in the player
//     (target <= 1 s), and from the click on an analysis to its first page of questions (target <= 500 ms).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { runScenario } from './load.mjs';
import { runPaced } from './paced.mjs';
import { sha256Hex, signIn, XSRF_COOKIE, XSRF_HEADER } from './session.mjs';

export const PLAYER_TARGETS = { commitP95Ms: 20, firstCoursePageMs: 1000, analysisRenderMs: 500 };
const COURSE = /Sicherheitsunterweisung/;
// Begin the first time, continue the second (the warm run).
const ANALYSIS = /^(Beginnen|Fortsetzen): Bildschirmarbeitsplätze/;

async function post(baseUrl, headers, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A SCORM 1.2 commit as scorm-again sends it mid-course: location, suspend data of 2 KB, status incomplete. */
function commitBody(uuid, sequence) {
  return JSON.stringify({
    uuid,
    sequence,
    totalTimeSeconds: 60 + (sequence % 600),
    cmi: {
      core: {
        lesson_location: `page-${sequence % 5}`,
        lesson_status: 'incomplete',
        score: { raw: '', min: '', max: '' },
        session_time: '00:01:00',
      },
      suspend_data: JSON.stringify({ page: sequence % 5, notes: 'Stolperstelle Lager Halle 3. '.repeat(70) }),
    },
  });
}

/**
 * One learner: signs in, opens the course's task and answers the auth headers, the execution and its next sequence;
 * null when the member has no open task of the course.
 */
async function openCourse(baseUrl, account) {
  const auth = await signIn(baseUrl, account);
  const tasks = await post(baseUrl, auth, '/api/elearning/read-member-tasks', {
    page: 1,
    perPage: 100,
    sortBy: 'dueDate',
    sortDirection: 'asc',
    filter: { status: 'open' },
  });
  const task = tasks.items.find((item) => COURSE.test(item.title));
  if (!task) return null;
  const execution = await post(baseUrl, auth, '/api/elearning/create-execution', { taskUuid: task.uuid });
  const state = await post(baseUrl, auth, '/api/elearning/read-execution', { uuid: execution.uuid });
  return { auth, execution: execution.uuid, sequence: (state.sequence ?? 0) + 1 };
}

/**
 * SCORM commits of `connections` members at once, each in his own course (as many learners commit at the same
 * time): one member per connection, each request of a connection one sequence higher than its last. The members
 * are acme's (the demo client: every one has the demo password and the course with a SCORM package). One member
 * committing on 20 connections at once would measure 20 commits of one attempt queuing for its row lock, which a
 * player, committing one after the other, never does.
 */
export async function runPlayerCommitScenario(baseUrl, { account, adminAccount, connections, durationSeconds, log }) {
  const admin = await signIn(baseUrl, adminAccount);
  const list = await post(baseUrl, admin, '/api/memberlist/getlist', {
    page: 1,
    perPage: 100,
    sortBy: 'username',
    sortDirection: 'asc',
    filter: { status: 'active' },
  });
  const usernames = [
    account.username,
    ...list.items.map((item) => item.username).filter((name) => name !== account.username),
  ];
  const learners = [];
  for (const username of usernames) {
    if (learners.length === connections) break;
    const learner = await openCourse(baseUrl, { ...account, username }).catch(() => null);
    if (learner) learners.push(learner);
  }
  if (learners.length === 0) return { skipped: `nobody of ${account.company} has an open task of ${COURSE}` };
  // The target's load: every learner commits ten times a second on average, at random moments (a course commits on
  // a page change or every minute, so this is a hundred times a busy hour). Then what the same learners get through
  // flat out, each one commit after the other on a connection of his own.
  log(`  save-execution (a SCORM commit) of ${learners.length} members, each ${COMMITS_PER_SECOND} a second …`);
  const commit = (learner) => ({
    method: 'POST',
    path: '/api/elearning/save-execution',
    headers: { ...learner.auth, 'content-type': 'application/json' },
    // Each commit of a learner one sequence higher: a repeated sequence would be ignored and cost less.
    body: commitBody(learner.execution, learner.sequence++),
  });
  const pacedRun = await runPaced(
    baseUrl,
    learners.map((learner, index) => ({
      id: `learner ${index + 1}`,
      rate: COMMITS_PER_SECOND,
      request: () => commit(learner),
    })),
    { durationSeconds },
  );
  const paced = {
    name: `e-learning save-execution (SCORM commit), ${learners.length} members at once, each ${COMMITS_PER_SECOND} a second`,
    requests: pacedRun.requests,
    requestsPerSecond: pacedRun.requestsPerSecond,
    latencyMs: pacedRun.latencyMs,
    failures: pacedRun.failures,
  };
  if (pacedRun.failures > 0) throw new Error(`${paced.name}: ${pacedRun.failures} failed`);
  log(`  save-execution (a SCORM commit) of ${learners.length} members, as fast as answered …`);
  const saturated = await runScenario({
    name: `e-learning save-execution (SCORM commit), ${learners.length} members at once, each as fast as answered`,
    url: `${baseUrl}/api/elearning/save-execution`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    users: learners.map((learner) => ({
      headers: learner.auth,
      body: commitBody(learner.execution, learner.sequence),
      setupRequest: (request) => ({ ...request, body: commit(learner).body }),
    })),
    durationSeconds,
  });
  return { ...paced, members: learners.length, targetP95Ms: PLAYER_TARGETS.commitP95Ms, saturated };
}

/** Commits a second per learner in the commit latency scenario. */
const COMMITS_PER_SECOND = 10;

/** Clicks `button` and answers the milliseconds until `ready` resolves; the second of two runs (warm cache). */
async function timedOpen(page, listUrl, open, ready) {
  const runs = [];
  for (let run = 0; run < 2; run++) {
    await page.goto(listUrl);
    const button = open(page);
    await button.waitFor({ state: 'visible' });
    const begin = performance.now();
    await button.click();
    await ready(page);
    runs.push(Math.round(performance.now() - begin));
  }
  return { coldMs: runs[0], warmMs: runs[1] };
}

export async function measureDoingTheWork(baseUrl, account) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'de-DE',
      viewport: { width: 1280, height: 800 },
    });
    await context.request.get('/api/csrf');
    const xsrf = (await context.cookies(baseUrl)).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
    const login = await context.request.post('/api/login', {
      headers: { [XSRF_HEADER]: xsrf },
      data: { username: account.username, clientIdentifier: account.company, password: sha256Hex(account.password) },
    });
    if (!login.ok()) throw new Error(`browser sign-in answered ${login.status()}`);
    const page = await context.newPage();
    const course = await timedOpen(
      page,
      '/dashboard/apps/elearnings/my-elearnings',
      (current) => current.locator('.ui-table tbody').getByRole('button', { name: COURSE }).first(),
      (current) =>
        current
          // The course origin's frame page, then the course's own frame (docs/scorm.md "Isolation").
          .frameLocator('[data-testid=player-frame]')
          .frameLocator('iframe')
          .getByRole('heading', { level: 1 })
          .waitFor({ timeout: 30_000 }),
    );
    const analysis = await timedOpen(
      page,
      '/dashboard/apps/risk-assessments/my-analyses',
      (current) => current.getByRole('button', { name: ANALYSIS }).first(),
      (current) => current.locator('.ra-question').last().waitFor({ timeout: 30_000 }),
    );
    const questions = await page.locator('.ra-question').count();
    await context.close();
    return {
      firstCoursePage: { ...course, targetMs: PLAYER_TARGETS.firstCoursePageMs },
      analysisRender: { ...analysis, questionsOnPage: questions, targetMs: PLAYER_TARGETS.analysisRenderMs },
    };
  } finally {
    await browser.close();
  }
}

export function playerTargets(results, database) {
  const targets = [];
  const commit = results.commit;
  if (commit && !commit.skipped) {
    targets.push({
      name: `player (${database}): SCORM commit p95 <= ${commit.targetP95Ms} ms (${commit.members} members, each ${COMMITS_PER_SECOND} a second)`,
      value: `${commit.latencyMs.p95} ms (${commit.requestsPerSecond} req/s; as fast as answered: ${commit.saturated?.requestsPerSecond} req/s, p95 ${commit.saturated?.latencyMs?.p95} ms)`,
      pass: commit.latencyMs.p95 <= commit.targetP95Ms,
    });
  }
  const browser = results.browser;
  if (browser) {
    targets.push({
      name: `player: first course page <= ${browser.firstCoursePage.targetMs} ms after the click (warm cache)`,
      value: `${browser.firstCoursePage.warmMs} ms (first time: ${browser.firstCoursePage.coldMs} ms)`,
      pass: browser.firstCoursePage.warmMs <= browser.firstCoursePage.targetMs,
    });
    targets.push({
      name: `analysis: first page of questions rendered <= ${browser.analysisRender.targetMs} ms after the click`,
      value: `${browser.analysisRender.warmMs} ms, ${browser.analysisRender.questionsOnPage} questions on the page (first time: ${browser.analysisRender.coldMs} ms)`,
      pass: browser.analysisRender.warmMs <= browser.analysisRender.targetMs,
    });
  }
  return targets;
}
