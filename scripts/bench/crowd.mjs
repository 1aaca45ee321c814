// 1,000 signed-in sessions at a person's pace: each session makes about one call a second, mixed from
// what members and administrators do all day (start page, task lists, profile, member list, tree, catalogues,
// analytics, evaluations, a profile change now and then), for BENCH_CROWD_SECONDS (default 300). Target: no error,
// p99 <= 100 ms. Then the saturation throughput: the same mix with 64 connections, each sending its next call as soon
// as the last is answered.
//
// Every kind of call is a stream of its own at its share of the rate, requests arriving at random moments
// (paced.mjs: latency per kind and in all); each request carries the next session's cookie in turn, so every
// session calls about once a second. Sessions: 10 % administrators (the bench client's admin), 90 % members (member.1 to
// member.40 of the bench client, who have the demo password; several sessions each, as on several devices).
import { runAutocannon } from './load.mjs';
import { runPaced } from './paced.mjs';
import { signIn, XSRF_HEADER } from './session.mjs';

export const CROWD_TARGETS = { p99Ms: 100 };
const SATURATION_CONNECTIONS = 64;
const SATURATION_SECONDS = 20;
/** Sign-ins in parallel (each is a scrypt check on the server: about 50 ms of a core). */
const SIGN_IN_PARALLEL = 8;

async function post(baseUrl, auth, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const TABLE = { page: 1, perPage: 25, sortDirection: 'asc' };
const MY_TASKS = { ...TABLE, sortBy: 'dueDate', filter: { status: 'open' } };

/** The calls of each kind of session, with their share of its calls (shares add up to 1 per role). */
function callMix({ elearning }) {
  const member = [
    { id: 'memberState', share: 0.2, method: 'GET', path: '/api/member/state' },
    { id: 'heartbeat', share: 0.15, method: 'GET', path: '/api/heartbeat' },
    { id: 'taskCounts', share: 0.15, method: 'GET', path: '/api/start/read-task-counts' },
    { id: 'myElearnings', share: 0.15, path: '/api/elearning/read-member-tasks', body: MY_TASKS },
    { id: 'myAnalyses', share: 0.15, path: '/api/risk-assessment/read-member-tasks', body: MY_TASKS },
    { id: 'profileSetting', share: 0.1, method: 'GET', path: '/api/profile/readprofilesetting' },
    { id: 'memberOrgUnits', share: 0.05, path: '/api/profile/read-org-unit-list', body: {} },
    {
      id: 'profileSettingChange',
      share: 0.05,
      path: '/api/profile/updateprofilesetting',
      body: { frontendStyle: { theme: null }, languageCode: 'de_DE' },
      writes: true,
    },
  ];
  const admin = [
    { id: 'adminState', share: 0.1, method: 'GET', path: '/api/member/state' },
    {
      id: 'memberList',
      share: 0.2,
      path: '/api/memberlist/getlist',
      body: { ...TABLE, sortBy: 'lastName', filter: {} },
      searches: ['', 'ma', 'sch', 'mü', 'ber', 'neu'],
    },
    { id: 'orgUnitTree', share: 0.1, path: '/api/org-unit/org-unit-list', body: {} },
    {
      id: 'locations',
      share: 0.1,
      path: '/api/location/location-list',
      body: { ...TABLE, sortBy: 'name', filter: {} },
    },
    { id: 'groups', share: 0.1, path: '/api/member-group/read-list', body: { ...TABLE, sortBy: 'name', filter: {} } },
    { id: 'elearningCatalog', share: 0.1, path: '/api/elearning/read-catalog', body: { ...TABLE, filter: {} } },
    ...(elearning
      ? [
          {
            id: 'elearningAnalytics',
            share: 0.1,
            path: '/api/elearning/read-statistics',
            body: { uuid: elearning, ...TABLE, sortBy: 'status' },
          },
        ]
      : []),
    { id: 'riskCatalog', share: 0.1, path: '/api/risk-assessment/read-catalog-list', body: {} },
    { id: 'riskEvaluations', share: 0.1, path: '/api/risk-assessment/read-assignment-overview-list', body: {} },
  ];
  return { member, admin };
}

async function signInMany(baseUrl, accounts, count, log) {
  const sessions = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      sessions.push(await signIn(baseUrl, accounts[index % accounts.length]));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SIGN_IN_PARALLEL }, worker));
  log(`  ${count} sessions signed in (${Math.round(performance.now() - started)} ms)`);
  return sessions;
}

/** The next request of a kind: the next session in turn, and for searching kinds the next search. */
function requestsOf(kind) {
  let turn = 0;
  return () => {
    const session = kind.sessions[turn % kind.sessions.length];
    const search = kind.searches?.[turn % kind.searches.length];
    turn++;
    const method = kind.method ?? 'POST';
    const headers = { cookie: session.cookie, [XSRF_HEADER]: session[XSRF_HEADER] };
    if (method === 'GET') return { method, path: kind.path, headers };
    const body = kind.searches ? { ...kind.body, filter: search ? { search } : {} } : kind.body;
    return {
      method,
      path: kind.path,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  };
}

/** Every kind of call flat out at once, on its share of `totalConnections`: the throughput of the mix. */
async function runSaturated(baseUrl, kinds, { totalConnections, durationSeconds }) {
  const perKind = await Promise.all(
    kinds.map(async (kind) => {
      const next = requestsOf(kind);
      const first = next();
      const result = await runAutocannon({
        url: `${baseUrl}${kind.path}`,
        method: first.method,
        headers: first.headers,
        body: first.body,
        requests: [{ method: first.method, setupRequest: (request) => ({ ...request, ...next() }) }],
        connections: Math.max(1, Math.round(totalConnections * kind.weight)),
        pipelining: 1,
        timeout: 10,
        duration: durationSeconds,
      });
      return {
        id: kind.id,
        requests: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    }),
  );
  const requests = perKind.reduce((sum, kind) => sum + kind.requests, 0);
  return {
    requestsPerSecond: Math.round(requests / durationSeconds),
    failures: perKind.reduce((sum, kind) => sum + kind.failures, 0),
    perKind,
  };
}

export async function runCrowdScenario(baseUrl, { account, sessions = 1000, durationSeconds, log }) {
  const admin = await signIn(baseUrl, account);
  const catalog = await post(baseUrl, admin, '/api/elearning/read-catalog', { ...TABLE, filter: {} });
  const elearning = [...catalog.items].sort((a, b) => b.assignedMemberCount - a.assignedMemberCount)[0]?.uuid;
  const adminCount = Math.round(sessions / 10);
  const memberAccounts = Array.from({ length: 40 }, (_, index) => ({ ...account, username: `member.${index + 1}` }));
  // Members without the demo password (inactive ones) cannot sign in: keep those who can.
  const usable = [];
  for (const candidate of memberAccounts) {
    if (
      await signIn(baseUrl, candidate).then(
        () => true,
        () => false,
      )
    )
      usable.push(candidate);
  }
  if (usable.length === 0) return { skipped: 'no member of the bench client can sign in (seed member passwords)' };
  log(`  signing in ${adminCount} administrator and ${sessions - adminCount} member sessions …`);
  const adminSessions = await signInMany(baseUrl, [account], adminCount, log);
  const memberSessions = await signInMany(baseUrl, usable, sessions - adminCount, log);
  const mix = callMix({ elearning });
  // Each kind's weight: its share of all calls (members and administrators call once a second each).
  const kinds = [
    ...mix.member.map((kind) => ({
      ...kind,
      sessions: memberSessions,
      weight: (kind.share * memberSessions.length) / sessions,
    })),
    ...mix.admin.map((kind) => ({
      ...kind,
      sessions: adminSessions,
      weight: (kind.share * adminSessions.length) / sessions,
    })),
  ];
  log(`  ${sessions} sessions, one call a second each, for ${durationSeconds} s …`);
  const paced = await runPaced(
    baseUrl,
    kinds.map((kind) => ({ id: kind.id, rate: kind.weight * sessions, request: requestsOf(kind) })),
    { durationSeconds },
  );
  log(
    `  paced: ${paced.requestsPerSecond} req/s, p50 ${paced.latencyMs.p50} / p95 ${paced.latencyMs.p95} / p99 ` +
      `${paced.latencyMs.p99} ms, ${paced.failures} failures`,
  );
  log(`  the same mix flat out on ${SATURATION_CONNECTIONS} connections for ${SATURATION_SECONDS} s …`);
  const saturated = await runSaturated(baseUrl, kinds, {
    totalConnections: SATURATION_CONNECTIONS,
    durationSeconds: SATURATION_SECONDS,
  });
  log(`  saturation: ${saturated.requestsPerSecond} req/s, ${saturated.failures} failures`);
  return {
    sessions,
    adminSessions: adminSessions.length,
    memberSessions: memberSessions.length,
    membersSignedIn: usable.length,
    durationSeconds,
    paced,
    saturated,
    targetP99Ms: CROWD_TARGETS.p99Ms,
  };
}

/** The report's target lines. */
export function crowdTargets(result, database) {
  if (!result || result.skipped) return [];
  return [
    {
      name: `load (${database}): ${result.sessions} sessions x 1 call a second for ${result.durationSeconds} s: no error, p99 <= ${result.targetP99Ms} ms`,
      value:
        `p99 ${result.paced.latencyMs.p99} ms (p95 ${result.paced.latencyMs.p95}), ${result.paced.requestsPerSecond} req/s, ` +
        `${result.paced.failures} failures; saturation throughput ${result.saturated.requestsPerSecond} req/s`,
      pass: result.paced.failures === 0 && result.paced.latencyMs.p99 <= result.targetP99Ms,
    },
  ];
}
