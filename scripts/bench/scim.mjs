// A directory's first full provisioning run, as Entra ID and Okta push it: 10,000 users created one request each over
// SCIM 2.0 (POST /scim/v2/Users), a few requests at a time, with the super-admin's token. Every user is new and
// different (names, addresses, externalIds of this run), into the demo company, whose courses are assigned to its
// root unit: each new member gets his tasks in the same request, as when an admin creates him. The clock runs from
// the first request to the last answer; per-request latencies beside it.
import { percentile } from './load.mjs';
import { signIn, XSRF_HEADER } from './session.mjs';

export const SCIM_TARGETS = { users: 10_000, seconds: 60 };
/** Requests in flight at once: Entra's provisioning and Okta's push a handful in parallel, not hundreds. */
const CONCURRENCY = Number(process.env.BENCH_SCIM_CONCURRENCY ?? 4);

const FIRST = ['Jürgen', 'Änne', 'Björn', 'Özlem', 'Käthe', 'Jörg', 'Günther', 'Bärbel', 'Sören', 'Ülkü'];
const LAST = ['Müller', 'Größer', 'Weiß', 'Schröder', 'Häußler', 'Öztürk', 'Übelacker', 'Jäger', 'Köhler', 'Fuß'];

function userOf(run, index) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: `dir-${run}-${index}@acme.example`,
    externalId: `${run}-${index.toString(16)}`,
    name: {
      givenName: FIRST[index % FIRST.length],
      familyName: `${LAST[Math.floor(index / FIRST.length) % LAST.length]}-${index}`,
    },
    emails: [{ value: `dir-${run}-${index}@acme.example`, type: 'work', primary: true }],
    preferredLanguage: index % 4 === 0 ? 'en-GB' : 'de-DE',
    active: true,
  };
}

export async function runScimScenario(baseUrl, { account, users = SCIM_TARGETS.users, log }) {
  const auth = await signIn(baseUrl, account);
  const created = await fetch(`${baseUrl}/api/clientdetails/create-scim-token`, {
    method: 'POST',
    headers: { cookie: auth.cookie, [XSRF_HEADER]: auth[XSRF_HEADER], 'content-type': 'application/json' },
    body: JSON.stringify({ label: `Bench ${new Date().toISOString()}` }),
  });
  if (!created.ok) throw new Error(`create-scim-token answered ${created.status}: ${await created.text()}`);
  const { token } = await created.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const count = async () => {
    const response = await fetch(`${baseUrl}/scim/v2/Users?count=0`, { headers });
    return (await response.json()).totalResults;
  };
  const before = await count();
  const run = Date.now().toString(36);
  const latencies = [];
  const failures = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < users) {
      const index = next++;
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/scim/v2/Users`, {
        method: 'POST',
        headers,
        body: JSON.stringify(userOf(run, index)),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 201) failures.push(response.status);
      if (index > 0 && index % 2000 === 0)
        log?.(`  SCIM: ${index} users after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const totalMs = performance.now() - started;
  const after = await count();
  latencies.sort((a, b) => a - b);
  const result = {
    method:
      `${users.toLocaleString('en')} different new users, POST /scim/v2/Users one each, ${CONCURRENCY} in flight, ` +
      'into acme (its courses assigned to the root unit: tasks made per create); clock from the first request to the last answer',
    users,
    concurrency: CONCURRENCY,
    totalMs: Math.round(totalMs),
    usersPerSecond: Math.round((users / totalMs) * 1000),
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    failures: failures.length,
    added: after - before,
  };
  log?.(
    `  SCIM: ${users} users in ${(totalMs / 1000).toFixed(1)} s (${result.usersPerSecond}/s, p50 ${result.p50} ms, ` +
      `p95 ${result.p95} ms, ${result.failures} failed, ${result.added} added)`,
  );
  return result;
}

export function scimTargets(result, database) {
  if (!result) return [];
  return [
    {
      name: `SCIM: ${SCIM_TARGETS.users.toLocaleString('en')} users pushed in one run <= ${SCIM_TARGETS.seconds} s (${database})`,
      value: `${(result.totalMs / 1000).toFixed(1)} s (${result.usersPerSecond}/s, p95 ${result.p95} ms, ${result.failures} failed)`,
      pass: result.totalMs <= SCIM_TARGETS.seconds * 1000 && result.failures === 0 && result.added === result.users,
    },
  ];
}
