// E-learning scenarios of `npm run bench`, on the large client (10,000 members):
//   - assigning the root unit (everyone) to an e-learning: one timed call that creates 10,000 tasks (target <= 2 s);
//   - the analytics page of an e-learning assigned to everyone, under load (target p95 <= 50 ms on PostgreSQL);
//   - read-member-tasks of the signed-in member, under load (target p95 <= 20 ms);
//   - the xlsx export of all 10,000 rows: one timed call (target <= 5 s).
import { runScenario } from './load.mjs';
import { signIn } from './session.mjs';

export const ELEARNING_TARGETS = {
  assignMs: 2000,
  analyticsP95Ms: 50,
  memberTasksP95Ms: 20,
  exportMs: 5000,
};

async function post(baseUrl, auth, path, body) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${bytes.toString()}`);
  return { ms, bytes, json: () => JSON.parse(bytes.toString()) };
}

export async function runElearningScenarios(baseUrl, { account, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  // Searched by title: the catalogue also holds the start page scenario's 200 courses.
  const byTitle = async (title) => {
    const page = await post(baseUrl, auth, '/api/elearning/read-catalog', { perPage: 100, filter: { search: title } });
    const found = page.json().items.find((item) => item.title === title);
    if (!found) throw new Error(`the bench client has no e-learning "${title}" (server/src/seed/elearnings.ts)`);
    return found.uuid;
  };
  const toAssign = await byTitle('Bench: Zuweisung');
  const analytics = await byTitle('Bench: Auswertung');
  const tree = await post(baseUrl, auth, '/api/elearning/read-org-unit-assignments', { uuid: analytics });
  const root = tree.json().items[0]?.orgUnitUuid;
  if (!root) throw new Error('the analytics e-learning is not assigned to the root unit');

  log('  e-learning: assign the root unit (everyone) …');
  const assign = await post(baseUrl, auth, '/api/elearning/assign-org-units', { uuid: toAssign, orgUnitUuids: [root] });
  const assigned = assign.json();
  log(`  e-learning: assign ${assign.ms} ms, ${assigned.changedTaskCount} tasks`);

  log('  e-learning: export all rows as xlsx …');
  const exported = await post(baseUrl, auth, '/api/elearning/export-statistics', { uuid: analytics, filter: {} });
  log(`  e-learning: export ${exported.ms} ms, ${exported.bytes.length} bytes`);

  const json = { ...auth, 'content-type': 'application/json' };
  const load = async (name, path, body) =>
    runScenario({
      name,
      url: `${baseUrl}${path}`,
      method: 'POST',
      headers: json,
      body: JSON.stringify(body),
      connections,
      durationSeconds,
    });
  log('  e-learning: analytics page under load …');
  const analyticsPage = await load('elearningAnalytics', '/api/elearning/read-statistics', {
    uuid: analytics,
    page: 1,
    perPage: 25,
    sortBy: 'status',
    sortDirection: 'asc',
  });
  log('  e-learning: read-member-tasks under load …');
  const memberTasks = await load('elearningMemberTasks', '/api/elearning/read-member-tasks', {
    filter: { status: 'open' },
  });
  return {
    assign: { ms: assign.ms, tasks: assigned.changedTaskCount, targetMs: ELEARNING_TARGETS.assignMs },
    export: { ms: exported.ms, bytes: exported.bytes.length, targetMs: ELEARNING_TARGETS.exportMs },
    analytics: { ...analyticsPage, targetP95Ms: ELEARNING_TARGETS.analyticsP95Ms },
    memberTasks: { ...memberTasks, targetP95Ms: ELEARNING_TARGETS.memberTasksP95Ms },
  };
}

/** One line per target, for the report. */
export function elearningTargetLines(results) {
  const p95 = (scenario) => scenario?.latencyMs?.p95 ?? null;
  return [
    `assign 10,000 members: ${results.assign.ms} ms (target <= ${results.assign.targetMs} ms)`,
    `xlsx export: ${results.export.ms} ms (target <= ${results.export.targetMs} ms)`,
    `analytics p95: ${p95(results.analytics)} ms (target <= ${results.analytics.targetP95Ms} ms on PostgreSQL)`,
    `read-member-tasks p95: ${p95(results.memberTasks)} ms (target <= ${results.memberTasks.targetP95Ms} ms)`,
  ];
}
