import {
  assignedMemberListResponseSchema,
  memberGroupListResponseSchema,
  memberGroupSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let globexAdmin: Agent;
let ouAdmin: Agent;
let uuids: { firstAid: string; member: string; admin: string; superAdmin: string; globexMember: string };

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  globexAdmin = await server.login('globex', 'admin');
  ouAdmin = await server.login('acme', 'ou.admin');
  const [firstAid] = await server.db.query<{ uuid: string }>(
    "SELECT g.uuid FROM member_group g JOIN client c ON c.uuid = g.client_uuid WHERE c.identifier = 'acme' AND g.type = 'first-aid'",
  );
  uuids = {
    firstAid: firstAid?.uuid ?? '',
    member: await memberUuid(server.db, 'acme', 'member'),
    admin: await memberUuid(server.db, 'acme', 'admin'),
    superAdmin: await memberUuid(server.db, 'acme', 'super.admin'),
    globexMember: await memberUuid(server.db, 'globex', 'fahrer1'),
  };
});

afterAll(async () => {
  await server?.close();
});

async function list(agent: Agent, body: Record<string, unknown> = {}) {
  const response = await agent.post('/api/member-group/read-list', body);
  expect(response.statusCode, response.body).toBe(200);
  return memberGroupListResponseSchema.parse(response.json());
}

async function create(name: string, type = 'first-aid'): Promise<string> {
  const response = await admin.post('/api/member-group/create-member-group', { name, type });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { uuid: string }).uuid;
}

async function groupMembers(uuid: string, extra: Record<string, unknown> = {}) {
  const response = await admin.post('/api/member-group/read-member-list', { uuid, perPage: 100, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return assignedMemberListResponseSchema.parse(response.json());
}

describe('the group list', () => {
  it('lists the six seeded groups, one per type, with counts of members that are not archived', async () => {
    const { items, total } = await list(admin);
    expect(total).toBe(6);
    expect(new Set(items.map((item) => item.type)).size).toBe(6);
    const [expected] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM member_group_member gm JOIN member m ON m.uuid = gm.member_uuid
        WHERE gm.member_group_uuid = $1 AND m.archived_at IS NULL`,
      [uuids.firstAid],
    );
    expect(items.find((item) => item.uuid === uuids.firstAid)?.memberCount).toBe(expected?.count);
  });

  it('does not count an archived member, and counts him again when restored', async () => {
    const group = await create('Archivtest');
    await admin.post('/api/member-group/assign-members', { uuid: group, memberUuids: [uuids.member, uuids.admin] });
    const count = async () => (await list(admin, { filter: { search: 'Archivtest' } })).items[0]?.memberCount;
    expect(await count()).toBe(2);
    await server.db.query('UPDATE member SET archived_at = now() WHERE uuid = $1', [uuids.member]);
    try {
      expect(await count()).toBe(1);
      expect((await groupMembers(group)).items.map((item) => item.uuid)).toEqual([uuids.admin]);
    } finally {
      await server.db.query('UPDATE member SET archived_at = NULL WHERE uuid = $1', [uuids.member]);
    }
    expect(await count()).toBe(2);
  });

  it('answers a kept list only while nothing of it changed, whoever wrote the change', async () => {
    const group = await create('Kept');
    const row = async () => (await list(admin, { filter: { search: 'Kept' } })).items[0];
    expect((await row())?.memberCount).toBe(0);
    // Past the API: a member joins, then the group is renamed.
    await server.db.query('INSERT INTO member_group_member (member_group_uuid, member_uuid) VALUES ($1, $2)', [
      group,
      uuids.member,
    ]);
    expect((await row())?.memberCount).toBe(1);
    await server.db.query("UPDATE member_group SET name = 'Kept und umbenannt' WHERE uuid = $1", [group]);
    expect((await row())?.name).toBe('Kept und umbenannt');
  });

  it('sorts by name, type and member count, filters by type and search, pages', async () => {
    const byCount = await list(admin, { sortBy: 'memberCount', sortDirection: 'desc', perPage: 100 });
    const counts = byCount.items.map((item) => item.memberCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byType = await list(admin, { filter: { type: 'work-council' } });
    expect(byType.items.every((item) => item.type === 'work-council')).toBe(true);
    expect(byType.total).toBeGreaterThan(0);
    const searched = await list(admin, { filter: { search: 'brandschutz' } });
    expect(searched.items.map((item) => item.name).sort()).toEqual(['Brandschutzbeauftragte', 'Brandschutzhelfer']);
    const page2 = await list(admin, { page: 2, perPage: 25 });
    expect(page2.items).toEqual([]);
    expectError(await admin.post('/api/member-group/read-list', { sortBy: 'uuid' }), 400, 'Schema.ValidationFailed');
    expectError(
      await admin.post('/api/member-group/read-list', { filter: { type: 'fire-brigade' } }),
      400,
      'Schema.ValidationFailed',
    );
  });

  it('shows another client none of acme', async () => {
    const globex = await list(globexAdmin);
    expect(globex.items.some((item) => item.uuid === uuids.firstAid)).toBe(false);
    expectError(await ouAdmin.post('/api/member-group/read-list', {}), 403, 'Auth.Forbidden');
  });
});

describe('create, update, delete', () => {
  it('creates with umlauts, apostrophes and emoji; refuses a name the client already uses', async () => {
    const uuid = await create("Ersthelfer Halle 3 – Jörg's Team 🚑");
    const details = await admin.post('/api/member-group/read-details', { uuid });
    expect(memberGroupSchema.parse(details.json())).toEqual({
      uuid,
      name: "Ersthelfer Halle 3 – Jörg's Team 🚑",
      type: 'first-aid',
      memberCount: 0,
    });
    expectError(
      await admin.post('/api/member-group/create-member-group', { name: 'ersthelfer', type: 'first-aid' }),
      409,
      'MemberGroup.IdExists',
    );
    // Another client may use the name.
    expect(
      (await globexAdmin.post('/api/member-group/create-member-group', { name: 'Ersthelfer', type: 'first-aid' }))
        .statusCode,
    ).toBe(200);
    expectError(
      await admin.post('/api/member-group/create-member-group', { name: 'x'.repeat(256), type: 'first-aid' }),
      400,
      'Schema.ValidationFailed',
    );
    const [audit] = await server.db.query<{ action: string }>('SELECT action FROM audit_entry WHERE entity_uuid = $1', [
      uuid,
    ]);
    expect(audit?.action).toBe('member-group.create');
  });

  it('renames and changes the type', async () => {
    const uuid = await create('Umbenennen');
    const response = await admin.post('/api/member-group/update-details', {
      uuid,
      name: 'Umbenannt',
      type: 'work-council',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Umbenannt', type: 'work-council' });
    expectError(
      await admin.post('/api/member-group/update-details', { uuid, name: 'Betriebsrat', type: 'work-council' }),
      409,
      'MemberGroup.IdExists',
    );
    const foreign = await globexAdmin.post('/api/member-group/update-details', { uuid, name: 'X', type: 'first-aid' });
    expectError(foreign, 404, 'MemberGroup.NotFound');
    const [row] = await server.db.query<{ name: string }>('SELECT name FROM member_group WHERE uuid = $1', [uuid]);
    expect(row?.name).toBe('Umbenannt');
  });

  it('deletes one or many, all or nothing, with an entry in each member history', async () => {
    const one = await create('Weg 1');
    const two = await create('Weg 2');
    await admin.post('/api/member-group/assign-members', { uuid: one, memberUuids: [uuids.member] });
    const [globexGroup] = await server.db.query<{ uuid: string }>(
      "SELECT g.uuid FROM member_group g JOIN client c ON c.uuid = g.client_uuid WHERE c.identifier = 'globex' LIMIT 1",
    );
    expectError(
      await admin.post('/api/member-group/delete-member-group', { uuids: [one, globexGroup?.uuid] }),
      404,
      'MemberGroup.NotFound',
    );
    expect((await server.db.query('SELECT 1 FROM member_group WHERE uuid = $1', [one])).length).toBe(1);
    const response = await admin.post('/api/member-group/delete-member-group', { uuids: [one, two] });
    expect(response.json()).toEqual({ changed: 2 });
    expect(
      (await server.db.query('SELECT 1 FROM member_group WHERE uuid = ANY($1::uuid[])', [[one, two]])).length,
    ).toBe(0);
    const history = await server.db.query<{ action: string }>(
      'SELECT action FROM audit_entry WHERE member_uuid = $1 AND entity_uuid = $2',
      [uuids.member, one],
    );
    expect(history.map((entry) => entry.action)).toEqual(['member-group.add-member', 'member-group.remove-member']);
    expectError(
      await admin.post('/api/member-group/delete-member-group', { uuids: [] }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await admin.post('/api/member-group/delete-member-group', {
        uuids: Array.from({ length: 1001 }, () => crypto.randomUUID()),
      }),
      400,
      'Schema.ValidationFailed',
    );
  });
});

describe('members of a group', () => {
  it('assigns and removes members; refuses unknown, archived or foreign members and changes nothing then', async () => {
    const group = await create('Zuordnung');
    const assign = (memberUuids: string[]) =>
      admin.post('/api/member-group/assign-members', { uuid: group, memberUuids });
    expect((await assign([uuids.member, uuids.admin, uuids.member])).json()).toEqual({ changed: 2 });
    expect((await assign([uuids.admin])).json()).toEqual({ changed: 0 });
    const [archived] = await server.db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL LIMIT 1`,
    );
    for (const wrong of [uuids.globexMember, archived?.uuid as string, crypto.randomUUID()]) {
      expectError(await assign([uuids.superAdmin, wrong]), 404, 'Member.NotFound');
    }
    expect((await groupMembers(group)).total).toBe(2);
    const searched = await groupMembers(group, { filter: { search: 'adler' } });
    expect(searched.items.map((item) => item.uuid)).toEqual([uuids.admin]);
    const removed = await admin.post('/api/member-group/remove-members', { uuid: group, memberUuids: [uuids.admin] });
    expect(removed.json()).toEqual({ changed: 1 });
    expect((await groupMembers(group)).items.map((item) => item.uuid)).toEqual([uuids.member]);
    const history = await server.db.query<{ action: string }>(
      'SELECT action FROM audit_entry WHERE member_uuid = $1 AND entity_uuid = $2 ORDER BY id',
      [uuids.admin, group],
    );
    expect(history.map((entry) => entry.action)).toEqual(['member-group.add-member', 'member-group.remove-member']);
  });

  it("answers another client's group exactly as an unknown one", async () => {
    for (const url of ['/api/member-group/read-member-list', '/api/member-group/read-details']) {
      const foreign = await globexAdmin.post(url, { uuid: uuids.firstAid });
      const unknown = await globexAdmin.post(url, { uuid: crypto.randomUUID() });
      expectError(foreign, 404, 'MemberGroup.NotFound');
      expect(foreign.body).toBe(unknown.body);
    }
    expectError(
      await globexAdmin.post('/api/member-group/assign-members', {
        uuid: uuids.firstAid,
        memberUuids: [uuids.globexMember],
      }),
      404,
      'MemberGroup.NotFound',
    );
  });
});
