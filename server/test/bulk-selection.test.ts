/**
 * Bulk calls that take the list's filter instead of uuids ("all N matching the filter"): they act on exactly the rows
 * the list call answers for that filter, in the caller's client and scope, all or nothing, at most BULK_MAX rows.
 */
import { BULK_MAX } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionContext } from '../src/core/sessions/sessions';
import { lockListedMembers } from '../src/modules/members/listFilters';
import { type Agent, createTestServer, expectCleanError, expectError, memberUuid, type TestServer } from './helpers';
import { memberCreateBody } from './memberBody';

let server: TestServer;
let admin: Agent;
let ouAdmin: Agent;
let globexAdmin: Agent;
let acmeUuid: string;
let globexUuid: string;
let production: string;
let administration: string;
let globexRoot: string;

async function clientUuid(identifier: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>('SELECT uuid FROM client WHERE identifier = $1', [identifier]);
  return row?.uuid ?? '';
}

async function orgUnit(client: string, name: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND name = $2',
    [client, name],
  );
  return row?.uuid ?? '';
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  ouAdmin = await server.login('acme', 'ou.admin');
  globexAdmin = await server.login('globex', 'admin');
  acmeUuid = await clientUuid('acme');
  globexUuid = await clientUuid('globex');
  // ou.admin administers Produktion and Logistik (demo data), not Verwaltung.
  production = await orgUnit(acmeUuid, 'Produktion');
  administration = await orgUnit(acmeUuid, 'Verwaltung');
  const [root] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root',
    [globexUuid],
  );
  globexRoot = root?.uuid ?? '';
});

afterAll(async () => {
  await server?.close();
});

let counter = 0;
async function createMember(agent: Agent, lastName: string, orgUnitUuids: string[] = []): Promise<string> {
  counter += 1;
  const response = await agent.post(
    '/api/member/createmember',
    memberCreateBody({
      firstName: 'Frieda',
      lastName,
      email: null,
      username: `bulk.probe${counter}`,
      orgUnitUuids,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uuid;
}

/** Marked members: three in Produktion, two in Verwaltung, one unmarked in Produktion, one marked of globex. */
async function markedMembers(marker: string) {
  return {
    inProduction: [
      await createMember(admin, `${marker} Eins`, [production]),
      await createMember(admin, `${marker} Zwei`, [production]),
      await createMember(admin, `${marker} Drei`, [production]),
    ],
    inAdministration: [
      await createMember(admin, `${marker} Vier`, [administration]),
      await createMember(admin, `${marker} Fünf`, [administration]),
    ],
    unmarked: await createMember(admin, 'Unbeteiligt', [production]),
    globex: await createMember(globexAdmin, `${marker} Globex`),
  };
}

async function archivedState(uuids: readonly string[]): Promise<Record<string, boolean>> {
  const rows = await server.db.query<{ uuid: string; archived: boolean }>(
    'SELECT uuid, archived_at IS NOT NULL AS archived FROM member WHERE uuid = ANY($1::uuid[])',
    [uuids],
  );
  return Object.fromEntries(rows.map((row) => [row.uuid, row.archived]));
}

async function listed(agent: Agent, filter: Record<string, unknown>): Promise<{ uuids: string[]; total: number }> {
  const response = await agent.post('/api/memberlist/getlist', { filter, perPage: 100 });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { items: Array<{ uuid: string }>; total: number };
  return { uuids: answer.items.map((item) => item.uuid).sort(), total: answer.total };
}

describe('archiving the members that match the member list filter', () => {
  it('archives exactly the rows the list shows for the filter, in the caller’s client', async () => {
    const members = await markedMembers('Sammelprobe');
    const filter = { search: 'sammelprobe', orgUnitUuid: production };
    const before = await listed(admin, filter);
    expect(before.uuids).toEqual([...members.inProduction].sort());

    const response = await admin.post('/api/memberlist/archivemember', { filter });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: before.total });

    const all = [...members.inProduction, ...members.inAdministration, members.unmarked, members.globex];
    const state = await archivedState(all);
    for (const uuid of members.inProduction) expect(state[uuid]).toBe(true);
    // Outside the filter (another org unit, no match) and another client's namesake: untouched.
    for (const uuid of [...members.inAdministration, members.unmarked, members.globex]) expect(state[uuid]).toBe(false);
    expect((await listed(admin, filter)).total).toBe(0);
    // Each archived member has the audit entry of an archive by uuid.
    const [audit] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_entry WHERE action = 'member.archive' AND entity_uuid = ANY($1::uuid[])",
      [members.inProduction],
    );
    expect(audit?.count).toBe(3);
  });

  it('takes the list’s scope: an ou-admin’s filter reaches only the members of his org units', async () => {
    const members = await markedMembers('Bereichsprobe');
    const ouAdminUuid = await memberUuid(server.db, 'acme', 'ou.admin');
    const session = { clientUuid: acmeUuid, memberUuid: ouAdminUuid, role: 'ou-admin' } as SessionContext;
    const filter = { search: 'bereichsprobe', status: 'all' as const };
    const locked = await server.db.transaction((tx) => lockListedMembers(tx, session, filter));
    const chosen = locked.map((row) => row.uuid).sort();
    // The same rows his member list shows: the Produktion members, not those of Verwaltung or of globex.
    expect(chosen).toEqual((await listed(ouAdmin, filter)).uuids);
    expect(chosen).toEqual([...members.inProduction].sort());
    // The ou-admin may read the list but not archive from it.
    expectError(await ouAdmin.post('/api/memberlist/archivemember', { filter }), 403, 'Auth.Forbidden');
    const state = await archivedState([...members.inProduction, ...members.inAdministration]);
    expect(Object.values(state).every((archived) => !archived)).toBe(true);
  });

  it('finds nothing through another client’s org unit and changes nothing', async () => {
    const members = await markedMembers('Fremdprobe');
    const response = await admin.post('/api/memberlist/archivemember', { filter: { orgUnitUuid: globexRoot } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 0 });
    const state = await archivedState([...members.inProduction, members.globex]);
    expect(Object.values(state).every((archived) => !archived)).toBe(true);
  });

  it('keeps the rules of an archive by uuid: a filter that holds the caller archives nobody', async () => {
    const members = await markedMembers('Selbstprobe');
    // Every active member, the signed-in admin among them.
    expectError(
      await admin.post('/api/memberlist/archivemember', { filter: { status: 'active' } }),
      400,
      'Member.CannotChangeSelf',
    );
    const state = await archivedState([...members.inProduction, ...members.inAdministration]);
    expect(Object.values(state).every((archived) => !archived)).toBe(true);
  });

  it('takes the search text literally: "%" matches no one instead of everyone', async () => {
    const response = await admin.post('/api/memberlist/archivemember', { filter: { search: '%' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 0 });
  });

  it(`refuses a filter matching more than ${BULK_MAX} members before changing any`, async () => {
    await server.db.query(
      `INSERT INTO member (client_uuid, username, role, first_name, last_name)
       SELECT $1, 'massenprobe' || n, 'member', 'Max', 'Massenprobe ' || n FROM generate_series(1, $2::int) n`,
      [acmeUuid, BULK_MAX + 1],
    );
    try {
      expect((await listed(admin, { search: 'massenprobe' })).total).toBe(BULK_MAX + 1);
      expectError(
        await admin.post('/api/memberlist/archivemember', { filter: { search: 'massenprobe' } }),
        409,
        'Bulk.TooManyRows',
      );
      const [row] = await server.db.query<{ archived: number }>(
        "SELECT count(*)::int AS archived FROM member WHERE username LIKE 'massenprobe%' AND archived_at IS NOT NULL",
      );
      expect(row?.archived).toBe(0);
    } finally {
      await server.db.query("DELETE FROM member WHERE username LIKE 'massenprobe%'");
    }
  });

  it('refuses hostile and ambiguous bodies with 400', async () => {
    const acmeMember = await memberUuid(server.db, 'acme', 'member');
    const bodies: unknown[] = [
      {},
      { filter: null },
      { filter: [] },
      { filter: 'all' },
      // Both at once is neither: never "the uuids, or else everything".
      { uuids: [acmeMember], filter: {} },
      { filter: {}, page: 1 },
      { filter: { status: 'archived' } },
      { filter: { role: 'root' } },
      { filter: { orgUnitUuid: "1' OR '1'='1" } },
      { filter: { search: 'x'.repeat(101) } },
      { filter: { search: 42 } },
      { filter: { sortBy: 'lastName' } },
      { filter: { isAdmin: true } },
    ];
    for (const body of bodies) {
      expectError(await admin.post('/api/memberlist/archivemember', body), 400, 'Schema.ValidationFailed');
    }
    const raw = [
      '{"filter":{"search":"a\\u0000b"}}',
      '{"filter":{"__proto__":{"status":"active"}}}',
      '{"filter":{"constructor":{"prototype":{"x":1}}}}',
      `{"filter":${'{"a":'.repeat(80)}1${'}'.repeat(80)}}`,
    ];
    for (const payload of raw) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/memberlist/archivemember',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${payload.slice(0, 60)}: ${response.body}`).toBe(400);
    }
    const [row] = await server.db.query<{ archived: boolean }>(
      'SELECT archived_at IS NOT NULL AS archived FROM member WHERE uuid = $1',
      [acmeMember],
    );
    expect(row?.archived).toBe(false);
  });
});

describe('restoring and deleting the archived members that match the archive list filter', () => {
  it('restores, then deletes, exactly the matching archived members of the caller’s client', async () => {
    const members = await markedMembers('Archivprobe');
    const acmeMarked = [...members.inProduction, ...members.inAdministration];
    expect((await admin.post('/api/memberlist/archivemember', { uuids: acmeMarked })).statusCode).toBe(200);
    expect((await globexAdmin.post('/api/memberlist/archivemember', { uuids: [members.globex] })).statusCode).toBe(200);
    // Two of them come back by uuid: the filter then matches the other three only.
    const [fourth, fifth] = members.inAdministration as [string, string];
    expect((await admin.post('/api/archivedmember/unarchivemember', { uuids: [fourth, fifth] })).json()).toEqual({
      count: 2,
    });

    const list = await admin.post('/api/archivedmember/list', { filter: { search: 'archivprobe' } });
    expect(list.json().total).toBe(3);
    const restored = await admin.post('/api/archivedmember/unarchivemember', { filter: { search: 'archivprobe' } });
    expect(restored.json()).toEqual({ count: 3 });
    let state = await archivedState([...acmeMarked, members.globex]);
    expect(acmeMarked.every((uuid) => state[uuid] === false)).toBe(true);
    expect(state[members.globex]).toBe(true);

    // Archived again, the production three are deleted by the filter; the restored two and globex's stay.
    await admin.post('/api/memberlist/archivemember', { uuids: members.inProduction });
    const deleted = await admin.post('/api/archivedmember/deletemember', { filter: { search: 'archivprobe' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ count: 3 });
    const rows = await server.db.query<{ uuid: string; deleted: boolean; last_name: string }>(
      'SELECT uuid, deleted_at IS NOT NULL AS deleted, last_name FROM member WHERE uuid = ANY($1::uuid[])',
      [[...acmeMarked, members.globex]],
    );
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    for (const uuid of members.inProduction) expect(byUuid.get(uuid)).toMatchObject({ deleted: true, last_name: '' });
    for (const uuid of [fourth, fifth, members.globex]) expect(byUuid.get(uuid)?.deleted).toBe(false);
    state = await archivedState([members.globex]);
    expect(state[members.globex]).toBe(true);
  });

  it('refuses a filter of another list’s shape', async () => {
    for (const body of [{}, { filter: { status: 'all' } }, { filter: { search: 'a', orgUnitUuid: production } }]) {
      expectError(await admin.post('/api/archivedmember/deletemember', body), 400, 'Schema.ValidationFailed');
      expectError(await admin.post('/api/archivedmember/unarchivemember', body), 400, 'Schema.ValidationFailed');
    }
  });
});

describe('deleting the locations and groups that match their list filter', () => {
  async function createLocation(agent: Agent, name: string, locationType = 'branch'): Promise<string> {
    const response = await agent.post('/api/location/create-location', {
      name,
      city: 'Hamburg',
      countryCode: 'DE',
      locationType,
      floorSpace: null,
      responsibleMemberUuids: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().uuid;
  }

  it('deletes exactly the matching locations of the caller’s client', async () => {
    const matching = [await createLocation(admin, 'Sammellager Nord'), await createLocation(admin, 'Sammellager Süd')];
    const otherType = await createLocation(admin, 'Sammellager Zentrale', 'headquarters');
    const unmarked = await createLocation(admin, 'Außenlager West');
    const globex = await createLocation(globexAdmin, 'Sammellager Globex');
    const filter = { search: 'sammellager', locationType: 'branch' };
    const list = await admin.post('/api/location/location-list', { filter });
    expect(list.json().total).toBe(2);
    const response = await admin.post('/api/location/delete-locations', { filter });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    const rows = await server.db.query<{ uuid: string }>('SELECT uuid FROM location WHERE uuid = ANY($1::uuid[])', [
      [...matching, otherType, unmarked, globex],
    ]);
    expect(rows.map((row) => row.uuid).sort()).toEqual([otherType, unmarked, globex].sort());
    for (const body of [{}, { filter: { locationType: 'moon' } }, { uuids: [unmarked], filter: {} }]) {
      expectError(await admin.post('/api/location/delete-locations', body), 400, 'Schema.ValidationFailed');
    }
  });

  it(`deletes the matching groups of the caller’s client, up to ${BULK_MAX} at once`, async () => {
    const insertGroups = (client: string, prefix: string, count: number) =>
      server.db.query(
        `INSERT INTO member_group (client_uuid, name, type)
         SELECT $1, $2 || n, 'first-aid' FROM generate_series(1, $3::int) n`,
        [client, prefix, count],
      );
    await insertGroups(acmeUuid, 'Ersthelfer Schicht ', BULK_MAX);
    await insertGroups(acmeUuid, 'Brandschutz Schicht ', 1);
    await insertGroups(globexUuid, 'Ersthelfer Schicht ', 1);
    const count = async (client: string, pattern: string) =>
      (
        await server.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM member_group WHERE client_uuid = $1 AND name LIKE $2',
          [client, pattern],
        )
      )[0]?.count;

    // One more than the maximum matches "schicht": refused, nothing deleted.
    expectError(
      await admin.post('/api/member-group/delete-member-group', { filter: { search: 'schicht' } }),
      409,
      'Bulk.TooManyRows',
    );
    expect(await count(acmeUuid, '% Schicht %')).toBe(BULK_MAX + 1);
    // Exactly the maximum: deleted in one call.
    const response = await admin.post('/api/member-group/delete-member-group', {
      filter: { search: 'ersthelfer schicht', type: 'first-aid' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: BULK_MAX });
    expect(await count(acmeUuid, 'Ersthelfer Schicht %')).toBe(0);
    expect(await count(acmeUuid, 'Brandschutz Schicht %')).toBe(1);
    expect(await count(globexUuid, 'Ersthelfer Schicht %')).toBe(1);
    for (const body of [{}, { filter: { type: 'pirates' } }, { filter: { search: 'a\u0000' } }]) {
      expectError(await admin.post('/api/member-group/delete-member-group', body), 400, 'Schema.ValidationFailed');
    }
  });
});

describe('hostile values in the filter of every filtered bulk call', () => {
  const deep = `${'{"a":'.repeat(80)}1${'}'.repeat(80)}`;
  /** Raw JSON values, and whether no filter field can ever take them. */
  const HOSTILE: Array<{ json: string; alwaysRefused: boolean }> = [
    { json: '"a\\u0000b"', alwaysRefused: true },
    { json: '"\\ud800"', alwaysRefused: true },
    { json: '{"__proto__":{"polluted":true}}', alwaysRefused: true },
    { json: deep, alwaysRefused: true },
    { json: '1e400', alwaysRefused: true },
    // Long, but under the 64 KiB body limit: the filter's own rules refuse it.
    { json: JSON.stringify('x'.repeat(60_000)), alwaysRefused: true },
    { json: '"\'; DROP TABLE member; --"', alwaysRefused: false },
    { json: '"%_\\\\"', alwaysRefused: false },
    { json: '1e308', alwaysRefused: true },
    { json: 'null', alwaysRefused: true },
    { json: 'true', alwaysRefused: true },
    { json: '[]', alwaysRefused: true },
    { json: '{}', alwaysRefused: true },
  ];
  const ROUTES: Array<{ url: string; fields: string[] }> = [
    { url: '/api/memberlist/archivemember', fields: ['search', 'status', 'role', 'orgUnitUuid', 'locationUuid'] },
    { url: '/api/archivedmember/unarchivemember', fields: ['search'] },
    { url: '/api/archivedmember/deletemember', fields: ['search'] },
    { url: '/api/location/delete-locations', fields: ['search', 'locationType'] },
    { url: '/api/member-group/delete-member-group', fields: ['search', 'type'] },
  ];

  it.each(ROUTES)('$url answers 400 or acts on no row, never 5xx', async ({ url, fields }) => {
    const send = (payload: string) =>
      admin.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
    const problems: string[] = [];
    for (const { json, alwaysRefused } of HOSTILE) {
      // In place of each field, and (but for `{}`, which is "no filter") of the whole filter.
      const payloads = fields.map((field) => `{"filter":{"${field}":${json}}}`);
      if (json !== '{}') payloads.push(`{"filter":${json}}`);
      for (const payload of payloads) {
        const response = await send(payload);
        const label = `${payload.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 80)}`;
        if (response.statusCode >= 500 || (alwaysRefused && response.statusCode !== 400)) problems.push(label);
        else if (response.statusCode >= 400) expectCleanError(response);
        else if (response.statusCode === 200 && Object.values(response.json()).some((count) => count !== 0)) {
          problems.push(`${label}: acted on rows`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
