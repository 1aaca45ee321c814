// The licensee console at scale (`npm run bench -- --licensee`): two licensees seeded by server/src/seed/licenseeScale.ts
//   - bench-usage: 1,000 clients with 1,000,000 members (and an e-learning task each): the usage list, its 8 sort keys
//     in both directions on pages 1-3 and searches: goal p95 <= 200 ms;
//   - bench-clients: 5,000 clients: the client list (pages, sorts, statuses, searches): goal p95 <= 50 ms; the same list
//     on bench-usage, whose pages count 1,000 members per client.
// Every request sends a body not sent before in the run (listBodies), so no answer or plan comes from an earlier one.
// Every call goes to 127.0.0.1 with the licensee's host name in the Host header (licensees are found by host name).
import http from 'node:http';
import { LETTERS, seededRandom, uniqueBodies } from './draw.mjs';
import { runScenario } from './load.mjs';
import { SESSION_COOKIE, sha256Hex, XSRF_COOKIE, XSRF_HEADER } from './session.mjs';

/** BENCH_LICENSEE_USAGE_CLIENTS / _USAGE_MEMBERS make bench-usage smaller (its seed takes minutes; the client list of
 *  5,000 clients does not read it). */
export const LICENSEE_SCALE = {
  usageClients: Number(process.env.BENCH_LICENSEE_USAGE_CLIENTS ?? 1000),
  usageMembers: Number(process.env.BENCH_LICENSEE_USAGE_MEMBERS ?? 1_000_000),
  listClients: 5000,
  listMembersPerClient: 20,
};
export const LICENSEE_TARGETS = { usageP95Ms: 200, clientListP95Ms: 50 };
const USAGE = { identifier: 'bench-usage', host: 'bench-usage.localhost' };
const CLIENTS = { identifier: 'bench-clients', host: 'bench-clients.localhost' };
const PASSWORD = 'Safety#2026';
const SLOW_PROBE_MS = 2000;

const USAGE_SORT_KEYS = [
  'name',
  'clientIdentifier',
  'activeMembers',
  'signedIn30Days',
  'completionRate',
  'overdueTasks',
  'openRiskActions',
  'lastActivityAt',
];
const CLIENT_SORT_KEYS = ['name', 'clientIdentifier', 'createdAt'];

/** One request with a Host header of our choice (fetch replaces it), answering status, cookies and body. */
function request(baseUrl, { method = 'GET', path, host, headers = {}, body }) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method, headers: { ...headers, host } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            cookies: res.headers['set-cookie'] ?? [],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

function remember(jar, cookies) {
  for (const line of cookies) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}

/** Signs in as the licensee's admin at its host name; answers the headers of an authenticated call. */
async function signInLicensee(baseUrl, { identifier, host }) {
  const jar = new Map();
  const csrf = await request(baseUrl, { path: '/api/csrf', host });
  remember(jar, csrf.cookies);
  const login = await request(baseUrl, {
    method: 'POST',
    path: '/api/licensee/login',
    host,
    headers: {
      'content-type': 'application/json',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      [XSRF_HEADER]: jar.get(XSRF_COOKIE) ?? '',
    },
    body: JSON.stringify({ licenseeIdentifier: identifier, username: 'bench.admin', password: sha256Hex(PASSWORD) }),
  });
  if (login.status !== 200) throw new Error(`licensee sign-in ${identifier} answered ${login.status}: ${login.body}`);
  remember(jar, login.cookies);
  return {
    host,
    cookie: [SESSION_COOKIE, XSRF_COOKIE].map((name) => `${name}=${jar.get(name)}`).join('; '),
    [XSRF_HEADER]: jar.get(XSRF_COOKIE) ?? '',
    'content-type': 'application/json',
  };
}

/**
 * List bodies that never repeat within a run, as an account manager uses a list of thousands of clients: mostly a
 * search (2-3 letters of a company name, or digits of a number or a company ID), otherwise a page 1-3 of the whole
 * list; any sort key and direction, and any status where the list has that filter (`statuses`).
 */
export function listBodies(seed, sortKeys, statuses = null) {
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const digits = () => String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 3))));
  const term = () => {
    const kind = random();
    if (kind < 0.15) return undefined;
    if (kind < 0.35) return digits();
    if (kind < 0.45) return `kunde-${digits()}`;
    return Array.from({ length: random() < 0.4 ? 2 : 3 }, () => pick(LETTERS)).join('');
  };
  return uniqueBodies(() => {
    const search = term();
    return {
      filter: { ...(search === undefined ? {} : { search }), ...(statuses ? { status: pick(statuses) } : {}) },
      page: 1 + Math.floor(random() * 3),
      perPage: 25,
      sortBy: pick(sortKeys),
      sortDirection: random() < 0.5 ? 'asc' : 'desc',
    };
  });
}

const CLIENT_STATUSES = ['all', 'all', 'active', 'inactive'];

async function probe(baseUrl, headers, path, body) {
  const started = performance.now();
  const answer = await request(baseUrl, {
    method: 'POST',
    path,
    host: headers.host,
    headers,
    body: JSON.stringify(body),
  });
  const ms = Math.round(performance.now() - started);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  if (ms > SLOW_PROBE_MS) throw new Error(`${path}: one request alone took ${ms} ms; not loaded`);
  return JSON.parse(answer.body);
}

/** Waits until the server has usage figures for the licensee (the seed computed them; a fresh server's job too). */
async function waitForFigures(baseUrl, headers, log) {
  const deadline = Date.now() + 120_000;
  while (true) {
    const answer = await probe(baseUrl, headers, '/api/licensee/usage/list', { perPage: 25 });
    if (answer.refreshedAt) return answer;
    if (Date.now() > deadline) throw new Error('no usage figures after 120 s');
    log('  waiting for the usage figures …');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

export async function runLicenseeScenarios(baseUrl, { connections, durationSeconds, log }) {
  const usageHeaders = await signInLicensee(baseUrl, USAGE);
  const clientHeaders = await signInLicensee(baseUrl, CLIENTS);
  const first = await waitForFigures(baseUrl, usageHeaders, log);
  const usageBodies = listBodies(23, USAGE_SORT_KEYS);
  const clientBodies = listBodies(27, CLIENT_SORT_KEYS, CLIENT_STATUSES);
  const clientList = await probe(baseUrl, clientHeaders, '/api/licensee/client/list', { perPage: 25 });
  const scenarios = [
    {
      id: 'usageList',
      label: `usage list, ${first.total} clients: every body new (searches, 8 sorts, 2 directions, pages 1-3)`,
      path: '/api/licensee/usage/list',
      headers: usageHeaders,
      bodies: usageBodies,
      targetP95Ms: LICENSEE_TARGETS.usageP95Ms,
    },
    {
      id: 'clientList5000',
      label: `client list, ${clientList.total} clients: every body new (searches, statuses, 3 sorts, 2 directions, pages 1-3)`,
      path: '/api/licensee/client/list',
      headers: clientHeaders,
      bodies: clientBodies,
      targetP95Ms: LICENSEE_TARGETS.clientListP95Ms,
    },
    {
      id: 'clientListUsage',
      label: `client list, ${first.total} clients with about 1,000 members each (member counts of the page): every body new`,
      path: '/api/licensee/client/list',
      headers: usageHeaders,
      bodies: listBodies(31, CLIENT_SORT_KEYS, CLIENT_STATUSES),
      targetP95Ms: LICENSEE_TARGETS.clientListP95Ms,
    },
  ];
  const results = [];
  // BENCH_LICENSEE_SCENARIOS=clientList5000,… runs only those (to look at one call, e.g. under a profiler).
  const chosen = process.env.BENCH_LICENSEE_SCENARIOS?.split(',');
  for (const scenario of scenarios.filter((each) => !chosen || chosen.includes(each.id))) {
    log(`  ${scenario.label} …`);
    try {
      const nextBody = () => scenario.bodies.next();
      for (let index = 0; index < 3; index++) await probe(baseUrl, scenario.headers, scenario.path, nextBody());
      const result = await runScenario({
        name: scenario.label,
        url: `${baseUrl}${scenario.path}`,
        method: 'POST',
        headers: scenario.headers,
        body: JSON.stringify(nextBody()),
        setupRequest: (req) => ({ ...req, body: JSON.stringify(nextBody()) }),
        connections,
        durationSeconds,
      });
      const { repeats } = scenario.bodies;
      const label = repeats ? `${scenario.label} (${repeats} repeated: inputs ran out)` : scenario.label;
      results.push({ id: scenario.id, label, ...result, targetP95Ms: scenario.targetP95Ms });
    } catch (error) {
      log(`  ${scenario.label}: FAILED (${error.message})`);
      const failed = Number.POSITIVE_INFINITY;
      results.push({
        id: scenario.id,
        label: `${scenario.label} — FAILED: ${error.message}`,
        requestsPerSecond: 0,
        requests: 0,
        latencyMs: { p50: failed, p95: failed, p99: failed, max: failed, mean: failed },
        error: error.message,
        targetP95Ms: scenario.targetP95Ms,
      });
    }
  }
  return { scenarios: results };
}

export function licenseeTargets(result, database) {
  return (result?.scenarios ?? []).map((scenario) => ({
    name: `licensee console on ${database}: ${scenario.id} p95 <= ${scenario.targetP95Ms} ms`,
    value: `${scenario.latencyMs.p95} ms`,
    pass: scenario.latencyMs.p95 <= scenario.targetP95Ms,
  }));
}
