// The administrators' instruction list (issue 32) for the large client (10,000 members, BENCH_INSTRUCTIONS seeded
// instructions with their attendance, server/src/seed/instructions.ts seedBenchInstructions): one request at a time,
// each body different from every other (page, sort key and direction, search word or fragment, filters), so that no
// answer can come from a cache; the latency of each request from send to the whole answer read, p50 / p95 / max.
// Goal: p95 <= 50 ms.
import { percentile } from './load.mjs';
import { signIn, XSRF_HEADER } from './session.mjs';

export const INSTRUCTION_TARGETS = { listP95Ms: 50 };
const REQUESTS = Number(process.env.BENCH_INSTRUCTION_REQUESTS ?? 400);
const WARM_UP = 20;

const SORTS = ['heldOn', 'title', 'targetName'];
const DIRECTIONS = ['asc', 'desc'];
const SEARCHES = [
  undefined,
  'lager',
  'brand',
  'hilfe',
  'stapler',
  'leiter',
  'gefahr',
  'standort 0',
  'schutz',
  'sicherheitsfachkraft 3',
  'presse',
  'höhe',
  'lärm',
];
const TARGET_TYPES = [undefined, 'location', 'org-unit'];
const COMPLETIONS = [undefined, 'open', 'complete'];
const PER_PAGE = [25, 50, 100];

const FIELDS = [SEARCHES, TARGET_TYPES, COMPLETIONS, PER_PAGE, SORTS, DIRECTIONS];
const COMBINATIONS = FIELDS.reduce((product, values) => product * values.length, 1);
/** A prime that shares no factor with COMBINATIONS: n -> n * STRIDE visits every combination once, well mixed. */
const STRIDE = 7919;

/** The n-th body: the (n * STRIDE)-th combination of the fields (mixed radix), and a page of its own. */
function bodyOf(n, totalPages) {
  let index = (n * STRIDE) % COMBINATIONS;
  const [search, targetType, completion, perPage, sortBy, sortDirection] = FIELDS.map((values) => {
    const value = values[index % values.length];
    index = Math.floor(index / values.length);
    return value;
  });
  const filter = {};
  if (search) filter.search = search;
  if (targetType) filter.targetType = targetType;
  if (completion) filter.completion = completion;
  // Unfiltered lists page deep (up to the last page); filtered ones stay near the front, where their rows are.
  const pages = search || targetType || completion ? 3 : Math.max(1, Math.ceil((totalPages * 25) / perPage));
  return { filter, page: 1 + ((n * 13) % pages), perPage, sortBy, sortDirection };
}

export async function runInstructionScenarios(baseUrl, { account, log }) {
  const auth = await signIn(baseUrl, account);
  const headers = { cookie: auth.cookie, [XSRF_HEADER]: auth[XSRF_HEADER], 'content-type': 'application/json' };
  const call = async (body) => {
    const sent = performance.now();
    const response = await fetch(`${baseUrl}/api/instruction/read-list`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    const ms = performance.now() - sent;
    if (!response.ok) throw new Error(`read-list answered ${response.status}: ${JSON.stringify(answer)}`);
    return { ms, answer };
  };
  const first = await call({ filter: {}, page: 1, perPage: 25, sortBy: 'heldOn', sortDirection: 'desc' });
  const total = first.answer.total;
  if (!total) return { skipped: 'the large client has no instructions (seed without seedBenchInstructions)' };
  const totalPages = Math.ceil(total / 25);
  const seen = new Set();
  const bodies = [];
  for (let n = 0; bodies.length < WARM_UP + REQUESTS && n < COMBINATIONS; n += 1) {
    const body = bodyOf(n, totalPages);
    const key = JSON.stringify(body);
    if (seen.has(key)) continue;
    seen.add(key);
    bodies.push(body);
  }
  const latencies = [];
  let rows = 0;
  for (const [index, body] of bodies.entries()) {
    const { ms, answer } = await call(body);
    if (index < WARM_UP) continue;
    latencies.push(ms);
    rows += answer.items.length;
  }
  latencies.sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  const result = {
    method:
      `${latencies.length} requests of POST /api/instruction/read-list, one at a time, each body different ` +
      `(page, 25/50/100 rows, sort key and direction, search, target type and signature filters) after ${WARM_UP} ` +
      `warm-up requests; client with ${total.toLocaleString('en')} instructions; time from send to the whole answer read; ` +
      'no answer cache on this call: every request reaches the database',
    instructions: total,
    requests: latencies.length,
    distinctBodies: bodies.length,
    averageRows: Math.round(rows / latencies.length),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(latencies.at(-1) ?? 0),
    },
  };
  log?.(
    `  instruction list: p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms (goal <= ${INSTRUCTION_TARGETS.listP95Ms} ms), ` +
      `max ${result.latencyMs.max} ms over ${result.requests} distinct requests, ${total} instructions`,
  );
  return result;
}

export function instructionTargets(result, database) {
  if (!result || result.skipped) return [];
  return [
    {
      name: `instructions: list of ${result.instructions.toLocaleString('en')} instructions, 10,000-member client, p95 <= ${INSTRUCTION_TARGETS.listP95Ms} ms (${database})`,
      value: `p95 ${result.latencyMs.p95} ms (p50 ${result.latencyMs.p50} ms, max ${result.latencyMs.max} ms, ${result.requests} distinct requests one at a time)`,
      pass: result.latencyMs.p95 <= INSTRUCTION_TARGETS.listP95Ms,
    },
  ];
}
