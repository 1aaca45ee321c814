// The API scenarios: a no-op baseline, the member state and the member list of the large client.
import { runScenario } from './load.mjs';
import { signIn } from './session.mjs';

const PER_PAGE = 25;
/** Matches Hoffmann, Neumann, Zimmermann, Hartmann, … : about one member in eight. */
const SEARCH_TERM = 'mann';

function listBody(page, filter = {}) {
  return { page, perPage: PER_PAGE, sortBy: 'lastName', sortDirection: 'asc', filter };
}

async function postJson(url, headers, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Signs in as the large client's admin, checks that the list answers what the seed wrote, then loads each
 * scenario in turn. `expectedMembers` = members of the client not archived (the admin included).
 */
export async function runApiScenarios(baseUrl, { account, expectedMembers, connections, durationSeconds, log }) {
  const auth = await signIn(baseUrl, account);
  const listUrl = `${baseUrl}/api/memberlist/getlist`;
  const first = await postJson(listUrl, auth, listBody(1));
  if (first.total !== expectedMembers || first.items.length !== PER_PAGE) {
    throw new Error(
      `member list answered total ${first.total}, ${first.items.length} items; expected ${expectedMembers}`,
    );
  }
  const deepPage = Math.max(1, Math.floor(first.total / PER_PAGE));
  const deep = await postJson(listUrl, auth, listBody(deepPage));
  const search = await postJson(listUrl, auth, listBody(1, { search: SEARCH_TERM }));
  if (deep.items.length === 0 || search.items.length === 0) throw new Error('deep page or search answered no members');

  const json = { ...auth, 'content-type': 'application/json' };
  const scenarios = [
    {
      id: 'baseline',
      label: 'baseline GET /api/csrf (no-op)',
      url: `${baseUrl}/api/csrf`,
    },
    { id: 'memberState', label: 'GET /api/member/state', url: `${baseUrl}/api/member/state`, headers: auth },
    {
      id: 'memberListFirst',
      label: 'member list page 1',
      url: listUrl,
      method: 'POST',
      headers: json,
      body: listBody(1),
    },
    {
      id: 'memberListDeep',
      label: `member list page ${deepPage}`,
      url: listUrl,
      method: 'POST',
      headers: json,
      body: listBody(deepPage),
    },
    {
      id: 'memberListSearch',
      label: `member list search "${SEARCH_TERM}"`,
      url: listUrl,
      method: 'POST',
      headers: json,
      body: listBody(1, { search: SEARCH_TERM }),
      matches: search.total,
    },
  ];
  const results = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.label} …`);
    const result = await runScenario({
      name: scenario.label,
      url: scenario.url,
      method: scenario.method ?? 'GET',
      headers: scenario.headers ?? {},
      body: scenario.body ? JSON.stringify(scenario.body) : undefined,
      connections,
      durationSeconds,
    });
    results.push({ id: scenario.id, label: scenario.label, ...result, matches: scenario.matches });
  }
  return { members: first.total, scenarios: results };
}
