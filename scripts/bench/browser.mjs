// Bytes a first visit downloads before a page is usable, counted from Chromium's network events (CDP).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { freePort, root, startServer } from './server.mjs';
import { sha256Hex, XSRF_COOKIE, XSRF_HEADER } from './session.mjs';

const READY_TIMEOUT_MS = 30_000;
/** After the page is usable: how long the network must be quiet to count as settled, and the longest wait. */
const QUIET_MS = 500;
const SETTLE_LIMIT_MS = 5_000;

function kindOf(url, mimeType) {
  const pathname = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return '';
    }
  })();
  const mime = (mimeType ?? '').toLowerCase();
  if (mime.includes('javascript') || mime.includes('ecmascript') || /\.m?js$/.test(pathname)) return 'js';
  if (mime.includes('css') || /\.css$/.test(pathname)) return 'css';
  return 'other';
}

/** Headings the shell shows instead of a page (remote failed, unknown route): these do not count as ready. */
function errorHeadings() {
  const headings = new Set();
  for (const locale of ['de_DE', 'en_GB']) {
    const file = path.join(root, 'shared-core', 'src', 'i18n', 'locales', `${locale}.json`);
    try {
      const texts = JSON.parse(readFileSync(file, 'utf8'));
      for (const key of ['remoteError', 'notFound']) if (texts[key]?.title) headings.add(texts[key].title);
    } catch {
      // No locale file: the check below just has fewer texts to compare.
    }
  }
  return headings;
}

/** Network log of one page through its own CDP session, with the browser cache off. */
async function recordNetwork(context, page) {
  const cdp = await context.newCDPSession(page);
  const responses = new Map();
  const finished = [];
  const inFlight = new Set();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      status: event.response.status,
      mimeType: event.response.mimeType,
      encoding: headers['content-encoding'] ?? 'identity',
      // Bytes received when the response started: the status line and headers.
      headerBytes: event.response.encodedDataLength ?? 0,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    finished.push({ requestId: event.requestId, bytes: event.encodedDataLength, at: Date.now() });
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // The budget is in gzip bytes; Chromium would otherwise negotiate brotli (about the same size with the
  // server's fast brotli setting, but not what the target names).
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip, deflate' } });

  function summary(until = Number.POSITIVE_INFINITY) {
    const totals = {
      js: { bytes: 0, bodyBytes: 0, requests: 0 },
      css: { bytes: 0, bodyBytes: 0, requests: 0 },
      other: { bytes: 0, bodyBytes: 0, requests: 0 },
    };
    const encodings = new Set();
    const files = [];
    for (const entry of finished) {
      if (entry.at > until) continue;
      const response = responses.get(entry.requestId);
      if (!response) continue;
      const kind = kindOf(response.url, response.mimeType);
      totals[kind].bytes += entry.bytes;
      totals[kind].bodyBytes += Math.max(0, entry.bytes - response.headerBytes);
      totals[kind].requests += 1;
      if (kind !== 'other') {
        encodings.add(response.encoding);
        files.push({ kind, url: new URL(response.url).pathname, status: response.status, bytes: entry.bytes });
      }
    }
    files.sort((a, b) => b.bytes - a.bytes);
    return {
      jsBytes: totals.js.bytes,
      cssBytes: totals.css.bytes,
      jsBodyBytes: totals.js.bodyBytes,
      cssBodyBytes: totals.css.bodyBytes,
      jsRequests: totals.js.requests,
      cssRequests: totals.css.requests,
      requests: totals.js.requests + totals.css.requests + totals.other.requests,
      otherBytes: totals.other.bytes,
      encodings: [...encodings].sort(),
      files,
    };
  }

  async function settle() {
    const started = Date.now();
    while (Date.now() - started < SETTLE_LIMIT_MS) {
      if (inFlight.size === 0 && Date.now() - lastActivity >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { summary, settle, detach: () => cdp.detach().catch(() => undefined) };
}

async function measurePage(context, url, waitUntilReady) {
  const page = await context.newPage();
  // What went wrong, for the error message when the page never becomes usable.
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message.split('\n')[0]}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const network = await recordNetwork(context, page);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  let detail;
  try {
    detail = await waitUntilReady(page);
  } catch (error) {
    const seen = problems.length > 0 ? problems.slice(0, 10).join('\n  ') : 'no page errors, no failed requests';
    throw new Error(`${new URL(url).pathname} did not become usable: ${error.message.split('\n')[0]}\n  ${seen}`);
  }
  const readyAt = Date.now();
  const readyMs = Math.round(performance.now() - started);
  await network.settle();
  const beforeReady = network.summary(readyAt);
  const settled = network.summary();
  const failed = beforeReady.files.filter((file) => file.status >= 400);
  if (failed.length > 0) throw new Error(`${url}: failed downloads ${failed.map((file) => file.url).join(', ')}`);
  await network.detach();
  await page.close();
  return {
    url: new URL(url).pathname,
    readyMs,
    ...detail,
    ...beforeReady,
    afterSettle: { jsBytes: settled.jsBytes, cssBytes: settled.cssBytes, requests: settled.requests },
  };
}

/** (a) the sign-in page for a new visitor, (b) the start page for a signed-in member, both with an empty cache. */
export async function measureFrontEnd(baseUrl, account) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const contextOptions = { baseURL: baseUrl, locale: 'de-DE', viewport: { width: 1280, height: 800 } };
  try {
    const visitor = await browser.newContext(contextOptions);
    const signIn = await measurePage(visitor, `${baseUrl}/auth/login`, async (page) => {
      await page.waitForFunction(
        () => {
          const input = document.querySelector('input[name=username]');
          return input instanceof HTMLInputElement && !input.disabled && input.getClientRects().length > 0;
        },
        undefined,
        { timeout: READY_TIMEOUT_MS },
      );
      return {};
    });
    await visitor.close();

    const member = await browser.newContext(contextOptions);
    // Signed in through the API of this context, so the new page below starts with the session cookies only.
    const csrf = await member.request.get('/api/csrf');
    if (!csrf.ok()) throw new Error(`GET /api/csrf answered ${csrf.status()}`);
    const xsrf = (await member.cookies(baseUrl)).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
    const login = await member.request.post('/api/login', {
      headers: { [XSRF_HEADER]: xsrf },
      data: { username: account.username, clientIdentifier: account.company, password: sha256Hex(account.password) },
    });
    if (!login.ok()) throw new Error(`browser sign-in answered ${login.status()}: ${await login.text()}`);
    const unusable = errorHeadings();
    const start = await measurePage(member, `${baseUrl}/dashboard/start/overview`, async (page) => {
      const heading = page.locator('main h1').first();
      await heading.waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
      const text = (await heading.textContent())?.trim() ?? '';
      if (unusable.has(text)) throw new Error(`start page shows "${text}" instead of the overview`);
      return { heading: text, finalUrl: new URL(page.url()).pathname };
    });
    await member.close();
    return { signIn, start };
  } finally {
    await browser.close();
  }
}

/**
 * The same two pages from the non-federated shell (shell/dist-static, see withoutFederation.mjs),
 * served by a second server of its own whose static root has that build as its shell/dist (STATIC_ROOT).
 * Answers { signIn, start } like measureFrontEnd.
 */
export async function measureWithoutFederation(account) {
  const port = await freePort(0);
  const staticRoot = mkdtempSync(path.join(os.tmpdir(), 'dash-static-root-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dash-static-data-'));
  try {
    mkdirSync(path.join(staticRoot, 'shell'));
    symlinkSync(path.join(root, 'shell', 'dist-static'), path.join(staticRoot, 'shell', 'dist'));
    mkdirSync(path.join(staticRoot, 'shared-core', 'src', 'i18n'), { recursive: true });
    symlinkSync(
      path.join(root, 'shared-core', 'src', 'i18n', 'locales'),
      path.join(staticRoot, 'shared-core', 'src', 'i18n', 'locales'),
    );
    // The demo data is enough for these two pages (SEED_DEMO): no bulk seed.
    const server = await startServer({ dataDir, port, env: { STATIC_ROOT: staticRoot } });
    try {
      return await measureFrontEnd(server.baseUrl, account);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(staticRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}
