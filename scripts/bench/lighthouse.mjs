// Lighthouse (mobile profile, simulated throttling) on the sign-in page and on a signed-in member's start page,
// driving Debian's Chromium: Playwright starts it with a debugging port, Lighthouse connects to that port.
// A persistent context is Chromium's default browser context, the one Lighthouse opens its tab in, so the
// session cookies of an API sign-in through that context reach the start page.
//
// What is measured is a first visit: each counted run starts with an empty HTTP cache (Lighthouse's storage reset,
// its default, clears the browser cache and the origin's caches but keeps cookies, so the session stays). No page of
// the measured profile is opened before: the server and the operating system's file cache are warmed by a browser of
// their own (another profile), whose cache the measured one never sees. The signed-in page gets its session from an
// API sign-in through the context's request client, which sets the cookies without loading a page. After the cold
// runs, the same page is measured again without the reset (a repeat visit with the cache the cold run filled).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { freePort } from './server.mjs';
import { sha256Hex, XSRF_COOKIE, XSRF_HEADER } from './session.mjs';

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2500,
  tbtMs: 200,
};
/** Lighthouse's own advice: take the median of several runs; the machine is shared, so one run says little. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** Repeat visits, printed beside the first visit (not judged). */
const REPEAT_RUNS = Number(process.env.BENCH_LIGHTHOUSE_REPEAT_RUNS ?? 3);

const round = (value) => (value === null || value === undefined ? null : Math.round(value));
const load = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

function summarise(lhr) {
  const score = (id) =>
    lhr.categories[id]?.score === null ? null : Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue;
  // What keeps a category below 100: the audits that failed, for the report file.
  const failing = (id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: round(audit('largest-contentful-paint')),
    fcpMs: round(audit('first-contentful-paint')),
    tbtMs: round(audit('total-blocking-time')),
    speedIndexMs: round(audit('speed-index')),
    mainThreadMs: round(audit('mainthread-work-breakdown')),
    cls: audit('cumulative-layout-shift'),
    failing: {
      performance: failing('performance'),
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
    },
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

async function runOnce(url, port, { cold }) {
  const loadBefore = load()[0];
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Defaults spelled out: the mobile profile with simulated (Lantern) throttling.
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // The reset (Lighthouse's default) empties the HTTP cache before the run and keeps cookies: a first visit. Off,
    // the run reuses what the previous run cached: a repeat visit.
    disableStorageReset: !cold,
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  return { ...summarise(result.lhr), loadAverage: [loadBefore, load()[0]] };
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const brief = (run) => ({
  performance: run.performance,
  lcpMs: run.lcpMs,
  tbtMs: run.tbtMs,
  loadAverage: run.loadAverage,
});

/** First visits (each with an empty cache): the median run by performance and every run; then the repeat visits. */
async function measurePage(url, port) {
  const runs = [];
  for (let index = 0; index < RUNS; index += 1) runs.push(await runOnce(url, port, { cold: true }));
  const repeats = [];
  for (let index = 0; index < REPEAT_RUNS; index += 1) repeats.push(await runOnce(url, port, { cold: false }));
  return {
    url: new URL(url).pathname,
    ...median(runs),
    runs: runs.map(brief),
    repeat: repeats.length > 0 ? { ...brief(median(repeats)), runs: repeats.map(brief) } : null,
  };
}

/** API sign-in through a context's request client: the session cookies land in its cookie store, no page loads. */
async function signInThroughApi(context, baseUrl, account) {
  const csrf = await context.request.get(`${baseUrl}/api/csrf`);
  if (!csrf.ok()) throw new Error(`GET /api/csrf answered ${csrf.status()}`);
  const xsrf = (await context.cookies(baseUrl)).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const login = await context.request.post(`${baseUrl}/api/login`, {
    headers: { [XSRF_HEADER]: xsrf },
    data: { username: account.username, clientIdentifier: account.company, password: sha256Hex(account.password) },
  });
  if (!login.ok()) throw new Error(`Lighthouse sign-in answered ${login.status()}: ${await login.text()}`);
}

/**
 * The server's first answers of a route and the file cache of a cold machine made a first run 30 points lower than
 * the rest: both pages are opened once in a browser of their own, whose HTTP cache the measured profile never shares.
 */
async function warmServer(baseUrl, account, pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pages.signIn, { waitUntil: 'load' });
    await signInThroughApi(context, baseUrl, account);
    await page.goto(pages.start, { waitUntil: 'load' });
    await context.close();
  } finally {
    await browser.close();
  }
}

/** (a) `/auth/login/<company>` for a new visitor, (b) the start page for `account`, signed in through the API. */
export async function measureLighthouse(baseUrl, account) {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('BENCH_LIGHTHOUSE_RUNS must be a whole number >= 1');
  if (!Number.isInteger(REPEAT_RUNS) || REPEAT_RUNS < 0) {
    throw new Error('BENCH_LIGHTHOUSE_REPEAT_RUNS must be a whole number >= 0');
  }
  const port = await freePort(0);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'dash-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
    baseURL: baseUrl,
  });
  try {
    const pages = { signIn: `${baseUrl}/auth/login/${account.company}`, start: `${baseUrl}/dashboard/start/overview` };
    await warmServer(baseUrl, account, pages);
    const signIn = await measurePage(pages.signIn, port);
    await signInThroughApi(context, baseUrl, account);
    const start = await measurePage(pages.start, port);
    return {
      runs: RUNS,
      repeatRuns: REPEAT_RUNS,
      lighthouseVersion: '12',
      method: 'first visit, empty cache',
      signIn,
      start,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The bench table: each figure with its goal, and the load average while Lighthouse ran. */
export function lighthouseTable(result) {
  const goal = LIGHTHOUSE_GOALS;
  const rows = [
    ['sign-in  /auth/login/…', result.signIn],
    ['start    /dashboard/start/overview', result.start],
  ].map(([label, page]) => [
    label,
    `${page.performance} (>= ${goal.performance})`,
    `${page.accessibility} (${goal.accessibility})`,
    `${page.bestPractices} (${goal.bestPractices})`,
    `${(page.lcpMs / 1000).toFixed(2)} s (<= ${goal.lcpMs / 1000} s)`,
    `${page.tbtMs} ms (<= ${goal.tbtMs} ms)`,
    page.runs.map((run) => run.performance).join(' / '),
    page.runs.map((run) => run.loadAverage[0].toFixed(1)).join(' / '),
    page.repeat ? `${page.repeat.performance} (${page.repeat.runs.map((run) => run.performance).join(' / ')})` : '-',
  ]);
  const headers = [
    'page (first visit)',
    'performance',
    'accessibility',
    'best practices',
    'LCP',
    'TBT',
    'runs',
    'load avg',
    'repeat visit',
  ];
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function lighthouseTargets(result) {
  const goal = LIGHTHOUSE_GOALS;
  return [
    ['sign-in', result.signIn],
    ['start', result.start],
  ].flatMap(([name, page]) => [
    {
      name: `Lighthouse ${name} performance >= ${goal.performance}`,
      value: String(page.performance),
      pass: page.performance >= goal.performance,
    },
    {
      name: `Lighthouse ${name} accessibility = ${goal.accessibility}`,
      value: String(page.accessibility),
      pass: page.accessibility >= goal.accessibility,
    },
    {
      name: `Lighthouse ${name} best practices = ${goal.bestPractices}`,
      value: `${page.bestPractices}${page.failing.bestPractices.length ? ` (${page.failing.bestPractices.join(', ')})` : ''}`,
      pass: page.bestPractices >= goal.bestPractices,
    },
    {
      name: `Lighthouse ${name} LCP <= ${goal.lcpMs / 1000} s`,
      value: `${(page.lcpMs / 1000).toFixed(2)} s`,
      pass: page.lcpMs <= goal.lcpMs,
    },
    {
      name: `Lighthouse ${name} TBT <= ${goal.tbtMs} ms`,
      value: `${page.tbtMs} ms`,
      pass: page.tbtMs <= goal.tbtMs,
    },
  ]);
}
