// Search at scale: 1,000,000 members in 1,000 clients on PostgreSQL, one client with 10,000 of them.
//   - member searches of 2-3 letters with changing sorts, directions and pages (what an admin typing into the search
//     box sends), every body of a run a new one (searchBodies: no answer or order a cache kept from an earlier request
//     of the run can serve it whole): goal p95 <= 30 ms;
//   - the member state, made on every start: goal p95 <= 20 ms;
//   - every other list of the product on the large client: goal p95 <= 50 ms.
// `npm run bench -- --scale` (or BENCH_SCALE=1) runs it; the seed is set-based (server/src/seed/scale.ts).
import { LETTERS, seededRandom, uniqueBodies } from './draw.mjs';
import { runScenario } from './load.mjs';
import { cacheHitsText } from './report.mjs';
import { signIn } from './session.mjs';

export const SCALE_TARGETS = { searchP95Ms: 30, memberStateP95Ms: 20, listP95Ms: 50 };
export const SCALE = { clients: 1000, members: 1_000_000 };
const SLOW_PROBE_MS = 1000;

const SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'role', 'status', 'lastLoginAt'];
/** Fragments people type: starts and middles of common German names, 2 and 3 letters. */
const TERMS = [
  'ma',
  'mü',
  'sc',
  'sch',
  'be',
  'ber',
  'ha',
  'han',
  'ho',
  'hof',
  'ne',
  'neu',
  'we',
  'web',
  'wa',
  'wag',
  'ke',
  'kel',
  'ri',
  'ric',
  'ba',
  'bau',
  'ko',
  'koc',
  'kl',
  'kle',
  'wo',
  'wol',
  'an',
  'ann',
  'er',
  'eri',
  'ju',
  'jul',
  'la',
  'lau',
  'mi',
  'mic',
  'pe',
  'pet',
  'st',
  'ste',
  'th',
  'tho',
  'an',
  'and',
  'el',
  'ele',
  'fr',
  'fra',
  'ka',
  'kat',
  'le',
  'leo',
  'ni',
  'nic',
  'sa',
  'sar',
  'to',
  'tob',
  'ch',
  'chr',
  'da',
  'dan',
  'fe',
  'fel',
  'jo',
  'jon',
  'li',
  'lis',
  'lu',
  'luk',
  'mann',
  'nn',
  'ei',
  'ie',
  'ue',
  'me',
  'mei',
  'sh',
  'zi',
  'zim',
  'kr',
  'kra',
  'gr',
  'gra',
  'ol',
  'ott',
  'ra',
  'rau',
];

/** A fixed pseudo-random sequence, so that every run sends the same bodies in the same order. */
function shuffled(items, seed = 18) {
  const result = [...items];
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [result[index], result[other]] = [result[other], result[index]];
  }
  return result;
}

/**
 * Search bodies that never repeat: a term of 2 or 3 letters (the fragments of TERMS first, then random ones drawn
 * from LETTERS), a sort key, a direction and a page 1-3, drawn by a seeded generator (the same sequence in every run)
 * and skipped when drawn before. Answers next(), which gives the next new body.
 */
export function searchBodies(seed = 29) {
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const fragments = shuffled([...new Set(TERMS)], seed);
  const term = () => {
    if (bodies.count < fragments.length * SORT_KEYS.length * 2 * 3 && random() < 0.5) return pick(fragments);
    const length = random() < 0.4 ? 2 : 3;
    return Array.from({ length }, () => pick(LETTERS)).join('');
  };
  const bodies = uniqueBodies(() => ({
    filter: { search: term() },
    page: 1 + Math.floor(random() * 3),
    perPage: 25,
    sortBy: pick(SORT_KEYS),
    sortDirection: random() < 0.5 ? 'asc' : 'desc',
  }));
  return bodies;
}

async function post(baseUrl, auth, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The caches a member list call looks in (server: cache_lookups_total of GET /metrics, METRICS_ENABLED). */
const MEMBER_LIST_CACHES = ['member-search-index', 'member-list-orders', 'member-list-rows'];

/** Hits and misses of each cache so far; null when the server has no metrics. */
async function cacheCounts(baseUrl) {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) return null;
  const text = await response.text();
  const counts = {};
  for (const match of text.matchAll(/^cache_lookups_total\{cache="([^"]+)",result="(hit|miss)"\} (\d+)/gm)) {
    counts[match[1]] ??= { hit: 0, miss: 0 };
    counts[match[1]][match[2]] = Number(match[3]);
  }
  return counts;
}

/** Each cache's hits and lookups between two readings of cacheCounts. */
function cacheHitsBetween(before, after, caches) {
  if (!before || !after) return null;
  return Object.fromEntries(
    caches.map((cache) => {
      const hit = (after[cache]?.hit ?? 0) - (before[cache]?.hit ?? 0);
      const miss = (after[cache]?.miss ?? 0) - (before[cache]?.miss ?? 0);
      return [cache, { hits: hit, lookups: hit + miss }];
    }),
  );
}

/** Loads every scenario on a server whose database holds the scale seed; answers rows for the report. */
export async function runScaleScenarios(baseUrl, { account, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  const json = { ...auth, 'content-type': 'application/json' };
  const bodies = searchBodies();
  const first = await post(baseUrl, auth, '/api/memberlist/getlist', { filter: { search: 'sch' }, perPage: 25 });
  if (first.items.length === 0) throw new Error('search "sch" answered no members');

  const catalogue = await post(baseUrl, auth, '/api/elearning/read-catalog', { perPage: 100 });
  const analytics = catalogue.items.find((item) => item.title === 'Bench: Auswertung');
  if (!analytics)
    throw new Error('the bench client has no e-learning "Bench: Auswertung" (server/src/seed/elearnings.ts)');
  const risk = '/api/risk-assessment';
  // The risk actions of an evaluation whose analysis phase is finished (seedBenchRiskEvaluation).
  const evaluations = await post(baseUrl, auth, `${risk}/read-assignment-overview-list`, { perPage: 100 });
  const evaluation = evaluations.items.find((item) => item.evaluationUuid)?.evaluationUuid;

  const scenarios = [
    {
      id: 'search',
      label: 'member search, every body new (2-3 letters, 7 sorts, 2 directions, pages 1-3)',
      path: '/api/memberlist/getlist',
      // Each request takes a body no request of the run had.
      setupRequest: (request) => ({ ...request, body: JSON.stringify(bodies.next()) }),
      targetP95Ms: SCALE_TARGETS.searchP95Ms,
      cacheHitsOf: MEMBER_LIST_CACHES,
    },
    {
      id: 'memberState',
      label: 'member state GET /api/member/state',
      method: 'GET',
      path: '/api/member/state',
      targetP95Ms: SCALE_TARGETS.memberStateP95Ms,
    },
    { id: 'memberList', label: 'member list page 1 (no search)', path: '/api/memberlist/getlist', body: {} },
    { id: 'orgUnits', label: 'org unit tree', path: '/api/org-unit/org-unit-list', body: {} },
    { id: 'locations', label: 'location list', path: '/api/location/location-list', body: {} },
    { id: 'groups', label: 'member group list', path: '/api/member-group/read-list', body: {} },
    { id: 'elearningCatalog', label: 'e-learning catalogue', path: '/api/elearning/read-catalog', body: {} },
    {
      id: 'elearningAnalytics',
      label: 'e-learning analytics (10,000 tasks), sorted by status',
      path: '/api/elearning/read-statistics',
      body: { uuid: analytics.uuid, sortBy: 'status' },
    },
    {
      id: 'elearningOverview',
      label: 'e-learning analytics overview',
      path: '/api/elearning/read-statistics-overview',
      body: { uuid: analytics.uuid },
    },
    { id: 'riskCatalog', label: 'risk assessment catalogue', path: `${risk}/read-catalog-list`, body: {} },
    {
      id: 'riskEvaluations',
      label: 'risk assessment evaluations',
      path: `${risk}/read-assignment-overview-list`,
      body: {},
    },
    ...(evaluation
      ? [
          {
            id: 'riskActions',
            label: 'risk actions of an evaluation',
            path: `${risk}/read-risk-action-list`,
            body: { uuid: evaluation },
          },
        ]
      : []),
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.label} …`);
    const method = scenario.method ?? 'POST';
    const targetP95Ms = scenario.targetP95Ms ?? SCALE_TARGETS.listP95Ms;
    try {
      // One request first: a list that takes seconds would only time out under load (10 s each); it fails with its
      // single-request time instead.
      const probeStarted = performance.now();
      const probe = await fetch(`${baseUrl}${scenario.path}`, {
        method,
        headers: method === 'GET' ? auth : json,
        body: method === 'GET' ? undefined : JSON.stringify(scenario.body ?? bodies.next()),
      });
      const probeMs = Math.round(performance.now() - probeStarted);
      if (!probe.ok) throw new Error(`answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
      await probe.arrayBuffer();
      if (probeMs > SLOW_PROBE_MS) throw new Error(`one request alone took ${probeMs} ms; not loaded`);
      const countsBefore = scenario.cacheHitsOf ? await cacheCounts(baseUrl) : null;
      const result = await runScenario({
        name: scenario.label,
        url: `${baseUrl}${scenario.path}`,
        method,
        headers: method === 'GET' ? auth : json,
        body: scenario.body ? JSON.stringify(scenario.body) : undefined,
        setupRequest: scenario.setupRequest,
        connections,
        durationSeconds,
      });
      const cacheHits = scenario.cacheHitsOf
        ? cacheHitsBetween(countsBefore, await cacheCounts(baseUrl), scenario.cacheHitsOf)
        : null;
      if (cacheHits) log(`  ${scenario.label}: cache hits ${cacheHitsText(cacheHits)}`);
      results.push({
        id: scenario.id,
        label: scenario.label,
        ...result,
        body: scenario.body,
        targetP95Ms,
        ...(cacheHits ? { cacheHits } : {}),
      });
    } catch (error) {
      // Timeouts (10 s) or failed answers fail the target; the other scenarios are still measured.
      log(`  ${scenario.label}: FAILED (${error.message})`);
      const failed = Number.POSITIVE_INFINITY;
      results.push({
        id: scenario.id,
        label: `${scenario.label} — FAILED: ${error.message.replace(/^.*\): /, '')}`,
        requestsPerSecond: 0,
        requests: 0,
        latencyMs: { p50: failed, p95: failed, p99: failed, max: failed, mean: failed },
        error: error.message,
        targetP95Ms,
      });
    }
  }
  return { scenarios: results };
}
