// The company area under load: member create, org unit tree, member list filtered by an org unit, and
// the bulk archive of 1,000 selected members in one call, on the large client of the benchmark.
import { runScenario } from './load.mjs';
import { runPaced } from './paced.mjs';
import { signIn } from './session.mjs';

export const COMPANY_TARGETS = {
  memberCreateP95Ms: 50,
  orgUnitTreeP95Ms: 30,
  memberListOrgUnitP95Ms: 50,
  archiveThousandMs: 2000,
};
const ARCHIVE_BATCH = 1000;
/** Member creates a second in all, for the latency target (see the scenario). */
const CREATE_RATE = 20;
const ARCHIVE_ROUNDS = 3;

async function postJson(url, headers, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

/** A valid create body with a username no other request of the run has used. */
function createBody(sequence, orgUnitUuid, locationUuid) {
  return {
    firstName: 'Lastprobe',
    lastName: `Nummer ${sequence}`,
    email: `lastprobe.${sequence}@bench.example`,
    username: `lastprobe.${sequence}`,
    role: 'member',
    language: 'de_DE',
    phoneNumber: null,
    mobileNumber: null,
    specialAttributes: [],
    externalCompany: null,
    gender: 'd',
    birthDate: null,
    street: null,
    postalCode: null,
    city: null,
    country: null,
    createElearningTasks: true,
    createRiskAssessmentTasks: true,
    orgUnitUuids: [orgUnitUuid],
    locationUuids: [locationUuid],
    passwordMode: 'noPassword',
    password: null,
  };
}

/** The uuids of `count` members of the list (sorted by last name), never the signed-in admin. */
async function pickMembers(baseUrl, auth, count) {
  const uuids = [];
  for (let page = 1; uuids.length < count; page++) {
    const answer = await postJson(`${baseUrl}/api/memberlist/getlist`, auth, {
      page,
      perPage: 100,
      sortBy: 'lastName',
      sortDirection: 'asc',
      filter: { role: 'member' },
    });
    if (answer.items.length === 0) break;
    uuids.push(...answer.items.map((member) => member.uuid));
  }
  return uuids.slice(0, count);
}

/** One stream of requests at a stated pace (paced.mjs), answered like a runScenario result. */
async function pacedScenario(baseUrl, scenario, durationSeconds) {
  const run = await runPaced(baseUrl, [{ id: scenario.id, ...scenario.paced }], { durationSeconds });
  if (run.failures > 0) throw new Error(`${scenario.label}: ${run.failures} failed`);
  return {
    name: scenario.label,
    rate: scenario.paced.rate,
    requests: run.requests,
    requestsPerSecond: run.requestsPerSecond,
    latencyMs: run.latencyMs,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

export async function runCompanyScenarios(baseUrl, { account, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  const json = { ...auth, 'content-type': 'application/json' };
  const tree = await postJson(`${baseUrl}/api/org-unit/org-unit-list`, auth, {});
  const deepest = Math.max(...tree.items.map((unit) => unit.depth));
  // A department on the first level: the filter shows its members (the tree has 200 units five levels deep).
  // (Not the start page scenario's unit, which holds only the admin.)
  const department = tree.items.find((unit) => unit.depth === 1 && !unit.orgUnitName.startsWith('Bench:'));
  const locations = await postJson(`${baseUrl}/api/location/location-list`, auth, {
    page: 1,
    perPage: 25,
    sortBy: 'name',
    sortDirection: 'asc',
    filter: {},
  });
  if (!department || locations.items.length === 0) throw new Error('the bench client has no org units or locations');

  // Every request a new username: autocannon calls this for each request it sends.
  const run = Date.now().toString(36);
  const newMemberEachRequest = (tag) => {
    let sequence = 0;
    return (request) => ({
      ...request,
      body: JSON.stringify(createBody(`${run}.${tag}.${++sequence}`, department.uuid, locations.items[0].uuid)),
    });
  };
  const scenarios = [
    {
      id: 'orgUnitTree',
      label: `org unit tree (${tree.items.length} units, ${deepest + 1} levels)`,
      url: `${baseUrl}/api/org-unit/org-unit-list`,
      method: 'POST',
      headers: json,
      body: {},
      targetP95Ms: COMPANY_TARGETS.orgUnitTreeP95Ms,
    },
    {
      id: 'memberListOrgUnit',
      label: `member list filtered by org unit "${department.orgUnitName}"`,
      url: `${baseUrl}/api/memberlist/getlist`,
      method: 'POST',
      headers: json,
      body: {
        page: 1,
        perPage: 25,
        sortBy: 'lastName',
        sortDirection: 'asc',
        filter: { orgUnitUuid: department.uuid },
      },
      targetP95Ms: COMPANY_TARGETS.memberListOrgUnitP95Ms,
    },
    {
      // The latency of a create while 20 admins of one client add members, 20 creates a second in all at random
      // moments (far more than a company's administration does: paced.mjs). The scenario below shows what 20
      // connections get through when each sends its next create the moment the last one is answered: a throughput,
      // whose p95 is the queue of 20 behind each other (20 x the time of one on 2 cores).
      id: 'memberCreate',
      label: `member create at ${CREATE_RATE} a second (one org unit, one location, no password)`,
      paced: {
        rate: CREATE_RATE,
        request: (() => {
          const next = newMemberEachRequest('paced');
          return () => ({
            method: 'POST',
            path: '/api/member/createmember',
            headers: json,
            body: next({}).body,
          });
        })(),
      },
      targetP95Ms: COMPANY_TARGETS.memberCreateP95Ms,
    },
    {
      id: 'memberCreateSaturated',
      label: 'member create, as fast as answered (throughput at 20 connections; no target)',
      url: `${baseUrl}/api/member/createmember`,
      method: 'POST',
      headers: json,
      setupRequest: newMemberEachRequest('saturated'),
    },
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.label} …`);
    try {
      const result = scenario.paced
        ? await pacedScenario(baseUrl, scenario, durationSeconds)
        : await runScenario({
            name: scenario.label,
            url: scenario.url,
            method: scenario.method,
            headers: scenario.headers,
            body: scenario.body ? JSON.stringify(scenario.body) : undefined,
            setupRequest: scenario.setupRequest,
            connections,
            durationSeconds,
          });
      results.push({ id: scenario.id, label: scenario.label, ...result, targetP95Ms: scenario.targetP95Ms });
    } catch (error) {
      // A scenario with timeouts or failed answers fails its target; the others are still measured.
      log(`  ${scenario.label}: FAILED (${error.message})`);
      const failed = Number.POSITIVE_INFINITY;
      results.push({
        id: scenario.id,
        label: `${scenario.label} — FAILED: ${error.message.replace(/^.*\): /, '')}`,
        requestsPerSecond: 0,
        requests: 0,
        non2xx: 0,
        latencyMs: { p50: failed, p95: failed, p99: failed, max: failed, mean: failed },
        error: error.message,
        targetP95Ms: scenario.targetP95Ms,
      });
    }
  }

  // Bulk archive: 1,000 selected members in one call, then restored, a few rounds; every round is timed.
  log(`  archive ${ARCHIVE_BATCH} members in one call …`);
  const selected = await pickMembers(baseUrl, auth, ARCHIVE_BATCH);
  if (selected.length < ARCHIVE_BATCH) throw new Error(`only ${selected.length} members to archive`);
  const archiveMs = [];
  const restoreMs = [];
  for (let round = 0; round < ARCHIVE_ROUNDS; round++) {
    let started = performance.now();
    await postJson(`${baseUrl}/api/memberlist/archivemember`, auth, { uuids: selected });
    archiveMs.push(Math.round(performance.now() - started));
    started = performance.now();
    await postJson(`${baseUrl}/api/archivedmember/unarchivemember`, auth, { uuids: selected });
    restoreMs.push(Math.round(performance.now() - started));
  }
  const timed = [
    {
      id: 'archiveThousand',
      label: `archive ${ARCHIVE_BATCH} selected members (one call)`,
      runsMs: archiveMs,
      targetMs: COMPANY_TARGETS.archiveThousandMs,
    },
    { id: 'restoreThousand', label: `restore ${ARCHIVE_BATCH} archived members (one call)`, runsMs: restoreMs },
  ];
  return { scenarios: results, timed };
}
