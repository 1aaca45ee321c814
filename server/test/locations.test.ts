import {
  type LocationDetail,
  locationDetailSchema,
  locationListResponseSchema,
  locationMemberListResponseSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let locAdmin: Agent;
let ouAdmin: Agent;
let globexAdmin: Agent;
let globexLocation: string;
let globexMember: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  locAdmin = await server.login('acme', 'loc.admin');
  ouAdmin = await server.login('acme', 'ou.admin');
  globexAdmin = await server.login('globex', 'admin');
  const [row] = await server.db.query<{ uuid: string }>(
    `INSERT INTO location (client_uuid, name, city) SELECT uuid, 'Globex Hafen', 'Hamburg' FROM client
      WHERE identifier = 'globex' RETURNING uuid`,
  );
  globexLocation = row?.uuid ?? '';
  globexMember = await memberUuid(server.db, 'globex', 'fahrer1');
});

afterAll(async () => {
  await server?.close();
});

async function list(agent: Agent, body: Record<string, unknown> = {}) {
  const response = await agent.post('/api/location/location-list', body);
  expect(response.statusCode, response.body).toBe(200);
  return locationListResponseSchema.parse(response.json());
}

async function locationByName(name: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>(
    `SELECT l.uuid FROM location l JOIN client c ON c.uuid = l.client_uuid WHERE c.identifier = 'acme' AND l.name = $1`,
    [name],
  );
  if (!row) throw new Error(`no location ${name}`);
  return row.uuid;
}

/** acme members by username, for building requests. */
async function acme(username: string): Promise<string> {
  return memberUuid(server.db, 'acme', username);
}

/** Non-archived acme staff members that are not yet at the given location. */
async function staffOutside(location: string, count: number): Promise<string[]> {
  const rows = await server.db.query<{ uuid: string }>(
    `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.role = 'member' AND m.username <> 'member' AND m.archived_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM location_member lm WHERE lm.location_uuid = $1 AND lm.member_uuid = m.uuid)
      ORDER BY m.username LIMIT $2`,
    [location, count],
  );
  return rows.map((row) => row.uuid);
}

async function create(agent: Agent, body: Record<string, unknown>) {
  return agent.post('/api/location/create-location', {
    city: 'Leipzig',
    countryCode: 'DE',
    locationType: 'branch',
    floorSpace: 800,
    responsibleMemberUuids: [],
    ...body,
  });
}

async function auditEntries(entityUuid: string) {
  return server.db.query<{
    action: string;
    member_uuid: string | null;
    actor_name: string;
    before: unknown;
    after: unknown;
  }>('SELECT action, member_uuid, actor_name, before, after FROM audit_entry WHERE entity_uuid = $1 ORDER BY id', [
    entityUuid,
  ]);
}

describe('location list', () => {
  it("answers acme's locations with member counts (archived members not counted) and responsible members", async () => {
    const result = await list(admin, { perPage: 50 });
    const expected = await server.db.query<{ name: string; members: number }>(
      `SELECT l.name, count(m.uuid) FILTER (WHERE m.archived_at IS NULL)::int AS members
         FROM location l JOIN client c ON c.uuid = l.client_uuid
         LEFT JOIN location_member lm ON lm.location_uuid = l.uuid LEFT JOIN member m ON m.uuid = lm.member_uuid
        WHERE c.identifier = 'acme' GROUP BY l.name ORDER BY l.name`,
    );
    expect(result.total).toBe(expected.length);
    expect(result.items.map((item) => [item.name, item.memberCount])).toEqual(
      expected.map((row) => [row.name, row.members]),
    );
    // The seed puts archived members at locations: the count must be below the number of rows.
    const [rows] = await server.db.query<{ all: number; active: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE m.archived_at IS NULL)::int AS active
         FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme'`,
    );
    expect(rows?.active).toBeLessThan(rows?.all ?? 0);
    expect(result.items.reduce((sum, item) => sum + item.memberCount, 0)).toBe(rows?.active);
    const vienna = result.items.find((item) => item.name === 'Büro Wien');
    expect(vienna).toMatchObject({ city: 'Wien', countryCode: 'AT', locationType: 'branch', floorSpace: 420 });
    expect(vienna?.responsibleMembers.map((person) => person.lastName)).toContain('Lindner');
    // No other client's location.
    expect(result.items.map((item) => item.name)).not.toContain('Globex Hafen');
  });

  it('archiving a member lowers the count', async () => {
    const hamburg = await locationByName('Werk Hamburg');
    const [member] = await staffOutside(await locationByName('Zentrale Berlin'), 100).then(async (uuids) =>
      server.db.query<{ uuid: string }>(
        'SELECT member_uuid AS uuid FROM location_member WHERE location_uuid = $1 AND member_uuid = ANY($2::uuid[]) AND NOT responsible LIMIT 1',
        [hamburg, uuids],
      ),
    );
    const before = (await list(admin, { filter: { search: 'Hamburg' } })).items[0]?.memberCount ?? 0;
    await server.db.query('UPDATE member SET archived_at = now() WHERE uuid = $1', [member?.uuid]);
    try {
      expect((await list(admin, { filter: { search: 'Hamburg' } })).items[0]?.memberCount).toBe(before - 1);
    } finally {
      await server.db.query('UPDATE member SET archived_at = NULL WHERE uuid = $1', [member?.uuid]);
    }
  });

  it('answers a kept list only while nothing of it changed, whoever wrote the change', async () => {
    const hamburg = await locationByName('Werk Hamburg');
    const row = async () => (await list(admin, { filter: { search: 'Hamburg' } })).items[0];
    const before = await row();
    expect(await row()).toEqual(before);
    const [outsider] = await staffOutside(hamburg, 1);
    // Past the API: a new member of the location, then a new name.
    await server.db.query('INSERT INTO location_member (location_uuid, member_uuid) VALUES ($1, $2)', [
      hamburg,
      outsider,
    ]);
    expect((await row())?.memberCount).toBe((before?.memberCount ?? 0) + 1);
    await server.db.query("UPDATE location SET city = 'Hamburg-Altona' WHERE uuid = $1", [hamburg]);
    expect((await row())?.city).toBe('Hamburg-Altona');
    await server.db.transaction(async (tx) => {
      await tx.query('DELETE FROM location_member WHERE location_uuid = $1 AND member_uuid = $2', [hamburg, outsider]);
      await tx.query('UPDATE location SET city = $2 WHERE uuid = $1', [hamburg, before?.city]);
    });
    expect(await row()).toEqual(before);
  });

  it('searches name and city, filters by type, sorts by every column and pages', async () => {
    expect((await list(admin, { filter: { search: 'münchen' } })).items.map((item) => item.name)).toEqual([
      'Lager München',
    ]);
    expect((await list(admin, { filter: { search: 'werk' } })).items.map((item) => item.name)).toEqual([
      'Werk Hamburg',
    ]);
    // Wildcards are taken literally.
    expect((await list(admin, { filter: { search: '%' } })).total).toBe(0);
    const headquarters = await list(admin, { filter: { locationType: 'headquarters' } });
    expect(headquarters.items.map((item) => item.name)).toEqual(['Zentrale Berlin']);

    const all = (await list(admin, { perPage: 50 })).items;
    type Item = (typeof all)[number];
    const compare: Record<string, (item: Item) => string | number> = {
      name: (item: (typeof all)[number]) => item.name,
      city: (item: (typeof all)[number]) => item.city ?? '',
      countryCode: (item: (typeof all)[number]) => item.countryCode,
      locationType: (item: (typeof all)[number]) => item.locationType,
      floorSpace: (item: (typeof all)[number]) => item.floorSpace ?? 0,
      memberCount: (item: (typeof all)[number]) => item.memberCount,
    };
    for (const [sortBy, key] of Object.entries(compare)) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const items = (await list(admin, { sortBy, sortDirection, perPage: 50 })).items;
        const keys = items.map(key);
        const sorted = [...keys].sort((a, b) =>
          typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'de'),
        );
        if (sortDirection === 'desc') sorted.reverse();
        expect(keys, `${sortBy} ${sortDirection}`).toEqual(sorted);
      }
    }
    const floor = (await list(admin, { sortBy: 'floorSpace', sortDirection: 'desc' })).items;
    expect(floor[0]?.name).toBe('Werk Hamburg');

    // Paging: 25 to a page, so that more than 25 locations exist first.
    for (let index = 0; index < 25; index++) {
      expect((await create(admin, { name: `Paging ${index}` })).statusCode).toBe(200);
    }
    const total = (await list(admin)).total;
    expect(total).toBeGreaterThan(25);
    const first = await list(admin);
    const second = await list(admin, { page: 2 });
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(total - 25);
    expect(second.items.map((item) => item.uuid)).not.toContain(first.items[0]?.uuid);
    const paging = (await list(admin, { filter: { search: 'Paging' }, perPage: 50 })).items.map((item) => item.uuid);
    expect((await admin.post('/api/location/delete-locations', { uuids: paging })).json()).toEqual({ deleted: 25 });
  });

  it('a loc-admin sees only the locations he is responsible for; an ou-admin and a member none', async () => {
    const result = await list(locAdmin);
    expect(result.items.map((item) => item.name)).toEqual(['Büro Wien']);
    expect(result.total).toBe(1);
    expectError(await ouAdmin.post('/api/location/location-list', {}), 403, 'Auth.Forbidden');
  });
});

describe('location details', () => {
  it('answers one location; another client and an unknown uuid answer the same 404', async () => {
    const vienna = await locationByName('Büro Wien');
    const response = await admin.post('/api/location/location-detail', { uuid: vienna });
    expect(response.statusCode, response.body).toBe(200);
    expect(locationDetailSchema.parse(response.json())).toMatchObject({ name: 'Büro Wien', countryCode: 'AT' });
    const foreign = await admin.post('/api/location/location-detail', { uuid: globexLocation });
    const missing = await admin.post('/api/location/location-detail', { uuid: crypto.randomUUID() });
    expectError(foreign, 404, 'Location.NotFound');
    expectError(missing, 404, 'Location.NotFound');
    expect(foreign.body).toBe(missing.body);
    // globex's admin reads its own.
    expect((await globexAdmin.post('/api/location/location-detail', { uuid: globexLocation })).statusCode).toBe(200);
  });

  it('a loc-admin reads his location, not another acme location (404 as if it did not exist)', async () => {
    expect(
      (await locAdmin.post('/api/location/location-detail', { uuid: await locationByName('Büro Wien') })).statusCode,
    ).toBe(200);
    expectError(
      await locAdmin.post('/api/location/location-detail', { uuid: await locationByName('Werk Hamburg') }),
      404,
      'Location.NotFound',
    );
  });
});

describe('create and update', () => {
  it('creates a location with responsible members, who become its members; audited', async () => {
    const responsible = [await acme('admin'), await acme('member')];
    const response = await create(admin, {
      name: 'Werk Köln – Halle 3 🏭',
      city: 'Köln',
      floorSpace: 12_500,
      responsibleMemberUuids: responsible,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = locationDetailSchema.parse(response.json());
    expect(created).toMatchObject({ name: 'Werk Köln – Halle 3 🏭', city: 'Köln', floorSpace: 12_500, memberCount: 2 });
    expect(created.responsibleMembers.map((person) => person.lastName).sort()).toEqual(['Adler', 'Mitarbeiter']);
    const audit = await auditEntries(created.uuid);
    expect(audit.map((entry) => entry.action)).toEqual([
      'location.create',
      'location.add-responsible',
      'location.add-responsible',
    ]);
    expect(audit[0]).toMatchObject({ actor_name: 'Arne Adler', after: { name: 'Werk Köln – Halle 3 🏭' } });
    expect(
      audit
        .slice(1)
        .map((entry) => entry.member_uuid)
        .sort(),
    ).toEqual([...responsible].sort());
  });

  it('names are unique per client, whatever the case (Location.IdExists); other clients may reuse them', async () => {
    expectError(await create(admin, { name: 'zentrale berlin' }), 409, 'Location.IdExists');
    const globex = await create(globexAdmin, { name: 'Zentrale Berlin' });
    expect(globex.statusCode, globex.body).toBe(200);
    const hamburg = await locationByName('Werk Hamburg');
    const before = await server.db.query('SELECT * FROM location WHERE uuid = $1', [hamburg]);
    expectError(
      await admin.post('/api/location/update-location-detail', {
        uuid: hamburg,
        name: 'Lager München',
        city: 'Hamburg',
        countryCode: 'DE',
        locationType: 'branch',
        floorSpace: 5200,
        responsibleMemberUuids: [],
      }),
      409,
      'Location.IdExists',
    );
    expect(await server.db.query('SELECT * FROM location WHERE uuid = $1', [hamburg])).toEqual(before);
  });

  it('responsible members must be non-archived members of the client (Location.InvalidResponsibleMembers)', async () => {
    const [archived] = await server.db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL LIMIT 1`,
    );
    const count = async () => (await server.db.query('SELECT uuid FROM location')).length;
    const before = await count();
    for (const uuid of [archived?.uuid, globexMember, crypto.randomUUID()]) {
      expectError(
        await create(admin, { name: `Invalid ${uuid}`, responsibleMemberUuids: [await acme('admin'), uuid] }),
        400,
        'Location.InvalidResponsibleMembers',
      );
    }
    expect(await count()).toBe(before);
  });

  it('refuses bad fields with Schema.ValidationFailed', async () => {
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(256) },
      { name: 'Country', countryCode: 'XX' },
      { name: 'Type', locationType: 'warehouse' },
      { name: 'Space', floorSpace: 0 },
      { name: 'Space', floorSpace: 1.5 },
      { name: 'Space', floorSpace: 10_000_001 },
      { name: 'City', city: 'x'.repeat(256) },
      { name: 'Responsible', responsibleMemberUuids: ['not-a-uuid'] },
    ]) {
      expectError(await create(admin, body), 400, 'Schema.ValidationFailed');
    }
    // 255 characters are fine.
    expect((await create(admin, { name: 'ä'.repeat(255), city: '' })).statusCode).toBe(200);
  });

  it('updates fields and responsible members: former ones stay members; audited with before and after', async () => {
    const created = locationDetailSchema.parse(
      (await create(admin, { name: 'Außenlager Essen', responsibleMemberUuids: [await acme('admin')] })).json(),
    );
    const superAdmin = await acme('super.admin');
    const response = await admin.post('/api/location/update-location-detail', {
      uuid: created.uuid,
      name: "Außenlager Essen-O'Neill",
      city: 'Essen',
      countryCode: 'AT',
      locationType: 'headquarters',
      floorSpace: null,
      responsibleMemberUuids: [superAdmin],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated: LocationDetail = locationDetailSchema.parse(response.json());
    expect(updated).toMatchObject({
      name: "Außenlager Essen-O'Neill",
      countryCode: 'AT',
      locationType: 'headquarters',
      floorSpace: null,
      memberCount: 2,
    });
    expect(updated.responsibleMembers.map((person) => person.uuid)).toEqual([superAdmin]);
    const audit = await auditEntries(created.uuid);
    const update = audit.find((entry) => entry.action === 'location.update');
    expect(update?.before).toMatchObject({ name: 'Außenlager Essen', floorSpace: 800 });
    expect(update?.after).toMatchObject({ name: "Außenlager Essen-O'Neill", floorSpace: null });
    expect(audit.filter((entry) => entry.action === 'location.remove-responsible').map((e) => e.member_uuid)).toEqual([
      await acme('admin'),
    ]);
  });

  it('keeps the postal address: street and postcode checked against the country (Location.InvalidPostalCode)', async () => {
    const response = await create(admin, {
      name: 'Werk Graz',
      street: '  Conrad-von-Hötzendorf-Straße 94 ',
      postalCode: '8010',
      city: 'Graz',
      countryCode: 'AT',
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = locationDetailSchema.parse(response.json());
    expect(created).toMatchObject({ street: 'Conrad-von-Hötzendorf-Straße 94', postalCode: '8010', city: 'Graz' });
    const listed = (await list(admin, { filter: { search: 'Werk Graz' } })).items[0];
    expect(listed).toMatchObject({ street: 'Conrad-von-Hötzendorf-Straße 94', postalCode: '8010' });

    // Five digits are a German postcode, not an Austrian one; a refused change changes nothing.
    const before = await server.db.query('SELECT * FROM location WHERE uuid = $1', [created.uuid]);
    const fields = { uuid: created.uuid, name: 'Werk Graz', city: 'Graz', locationType: 'branch', floorSpace: null };
    expectError(
      await admin.post('/api/location/update-location-detail', {
        ...fields,
        countryCode: 'AT',
        postalCode: '80331',
        responsibleMemberUuids: [],
      }),
      400,
      'Location.InvalidPostalCode',
    );
    expectError(
      await create(admin, { name: 'Werk Linz', postalCode: '4020', countryCode: 'DE' }),
      400,
      'Location.InvalidPostalCode',
    );
    expect(await server.db.query('SELECT * FROM location WHERE uuid = $1', [created.uuid])).toEqual(before);
    expectError(await create(admin, { name: 'Street', street: 'x'.repeat(256) }), 400, 'Schema.ValidationFailed');
    expectError(await create(admin, { name: 'Postcode', postalCode: '1'.repeat(21) }), 400, 'Schema.ValidationFailed');

    // All fields are sent on every change: a left-out address part is none.
    const cleared = await admin.post('/api/location/update-location-detail', {
      ...fields,
      countryCode: 'DE',
      street: '',
      responsibleMemberUuids: [],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(locationDetailSchema.parse(cleared.json())).toMatchObject({ street: null, postalCode: null });
  });

  it('a loc-admin may not create, update or delete (403)', async () => {
    const vienna = await locationByName('Büro Wien');
    expectError(await create(locAdmin, { name: 'Loc' }), 403, 'Auth.Forbidden');
    expectError(
      await locAdmin.post('/api/location/update-location-detail', {
        uuid: vienna,
        name: 'Wien',
        city: null,
        countryCode: 'AT',
        locationType: 'branch',
        floorSpace: null,
        responsibleMemberUuids: [],
      }),
      403,
      'Auth.Forbidden',
    );
    expectError(await locAdmin.post('/api/location/delete-locations', { uuids: [vienna] }), 403, 'Auth.Forbidden');
  });
});

describe('delete', () => {
  it('deletes many at once with their memberships; audited per location and per member', async () => {
    const a = locationDetailSchema.parse(
      (await create(admin, { name: 'Delete A', responsibleMemberUuids: [await acme('member')] })).json(),
    );
    const b = locationDetailSchema.parse((await create(admin, { name: 'Delete B' })).json());
    const response = await admin.post('/api/location/delete-locations', { uuids: [a.uuid, b.uuid, a.uuid] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await server.db.query('SELECT 1 FROM location WHERE uuid = ANY($1::uuid[])', [[a.uuid, b.uuid]])).toEqual(
      [],
    );
    expect(await server.db.query('SELECT 1 FROM location_member WHERE location_uuid = $1', [a.uuid])).toEqual([]);
    const audit = await auditEntries(a.uuid);
    expect(audit.map((entry) => entry.action)).toContain('location.delete');
    expect(audit.find((entry) => entry.action === 'location.remove-members')?.member_uuid).toBe(await acme('member'));
  });

  it("all or nothing: another client's or an unknown uuid refuses the whole call (404)", async () => {
    const keep = locationDetailSchema.parse((await create(admin, { name: 'Delete C' })).json());
    for (const other of [globexLocation, crypto.randomUUID()]) {
      expectError(
        await admin.post('/api/location/delete-locations', { uuids: [keep.uuid, other] }),
        404,
        'Location.NotFound',
      );
    }
    expect(await server.db.query('SELECT 1 FROM location WHERE uuid = $1', [keep.uuid])).toHaveLength(1);
    expect(await server.db.query('SELECT 1 FROM location WHERE uuid = $1', [globexLocation])).toHaveLength(1);
    expectError(await admin.post('/api/location/delete-locations', { uuids: [] }), 400, 'Schema.ValidationFailed');
    const tooMany = Array.from({ length: 1001 }, () => crypto.randomUUID());
    expectError(await admin.post('/api/location/delete-locations', { uuids: tooMany }), 400, 'Schema.ValidationFailed');
  });
});

describe('members of a location', () => {
  async function members(agent: Agent, body: Record<string, unknown>) {
    const response = await agent.post('/api/location/read-member-list', body);
    expect(response.statusCode, response.body).toBe(200);
    return locationMemberListResponseSchema.parse(response.json());
  }

  it('lists non-archived members, searchable, sortable and paged; responsible ones flagged', async () => {
    const vienna = await locationByName('Büro Wien');
    const result = await members(admin, { uuid: vienna, perPage: 50 });
    const [expected] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid
        WHERE lm.location_uuid = $1 AND m.archived_at IS NULL`,
      [vienna],
    );
    expect(result.total).toBe(expected?.count);
    expect(result.items.find((item) => item.username === 'loc.admin')?.responsible).toBe(true);
    const byResponsible = await members(admin, { uuid: vienna, sortBy: 'responsible', sortDirection: 'desc' });
    expect(byResponsible.items[0]?.responsible).toBe(true);
    const names = result.items.map((item) => item.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const search = await members(admin, { uuid: vienna, filter: { search: 'lindner' } });
    expect(search.items.map((item) => item.username)).toEqual(['loc.admin']);
    // Paging: a location with 30 members shows 5 on page 2.
    const crowded = locationDetailSchema.parse((await create(admin, { name: 'Crowded' })).json());
    const thirty = await staffOutside(crowded.uuid, 30);
    expect(thirty).toHaveLength(30);
    await admin.post('/api/location/assign-members', { uuid: crowded.uuid, memberUuids: thirty });
    const pageOne = await members(admin, { uuid: crowded.uuid });
    const pageTwo = await members(admin, { uuid: crowded.uuid, page: 2 });
    expect([pageOne.items.length, pageTwo.items.length, pageTwo.total]).toEqual([25, 5, 30]);
    expect(pageTwo.items.map((item) => item.uuid)).not.toContain(pageOne.items[0]?.uuid);
    await admin.post('/api/location/delete-locations', { uuids: [crowded.uuid] });
    // Another client's location: 404 as if it did not exist.
    expectError(await admin.post('/api/location/read-member-list', { uuid: globexLocation }), 404, 'Location.NotFound');
  });

  it('assigns and removes members in one call each; counts follow; audited per member', async () => {
    const location = locationDetailSchema.parse(
      (await create(admin, { name: 'Members Test', responsibleMemberUuids: [await acme('admin')] })).json(),
    );
    const staff = await staffOutside(location.uuid, 3);
    const assign = await admin.post('/api/location/assign-members', { uuid: location.uuid, memberUuids: staff });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toEqual({ changed: 3, memberCount: 4 });
    // Assigning again changes nothing.
    expect(
      (await admin.post('/api/location/assign-members', { uuid: location.uuid, memberUuids: staff })).json(),
    ).toEqual({
      changed: 0,
      memberCount: 4,
    });
    const audit = await auditEntries(location.uuid);
    expect(
      audit
        .filter((entry) => entry.action === 'location.assign-members')
        .map((entry) => entry.member_uuid)
        .sort(),
    ).toEqual([...staff].sort());

    const remove = await admin.post('/api/location/remove-members', {
      uuid: location.uuid,
      memberUuids: staff.slice(0, 2),
    });
    expect(remove.json()).toEqual({ changed: 2, memberCount: 2 });
    const after = await auditEntries(location.uuid);
    expect(after.filter((entry) => entry.action === 'location.remove-members')).toHaveLength(2);
  });

  it('refuses archived, foreign and unknown members, and removing a responsible member; nothing changes', async () => {
    const location = locationDetailSchema.parse(
      (await create(admin, { name: 'Refusals', responsibleMemberUuids: [await acme('admin')] })).json(),
    );
    const [archived] = await server.db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL LIMIT 1`,
    );
    const [staff] = await staffOutside(location.uuid, 1);
    const rows = () =>
      server.db.query('SELECT * FROM location_member WHERE location_uuid = $1 ORDER BY member_uuid', [location.uuid]);
    const before = await rows();
    for (const other of [archived?.uuid, globexMember, crypto.randomUUID()]) {
      expectError(
        await admin.post('/api/location/assign-members', { uuid: location.uuid, memberUuids: [staff, other] }),
        404,
        'Member.NotFound',
      );
    }
    expectError(
      await admin.post('/api/location/remove-members', { uuid: location.uuid, memberUuids: [await acme('admin')] }),
      409,
      'Location.InvalidResponsibleMembers',
    );
    expectError(
      await admin.post('/api/location/assign-members', { uuid: globexLocation, memberUuids: [staff] }),
      404,
      'Location.NotFound',
    );
    expect(await rows()).toEqual(before);
  });

  it('a loc-admin changes the members of his location only', async () => {
    const vienna = await locationByName('Büro Wien');
    const hamburg = await locationByName('Werk Hamburg');
    const [staff] = await staffOutside(vienna, 1);
    const assign = await locAdmin.post('/api/location/assign-members', { uuid: vienna, memberUuids: [staff] });
    expect(assign.statusCode, assign.body).toBe(200);
    expect((await locAdmin.post('/api/location/read-member-list', { uuid: vienna, filter: {} })).statusCode).toBe(200);
    expect(
      (await locAdmin.post('/api/location/remove-members', { uuid: vienna, memberUuids: [staff] })).json(),
    ).toMatchObject({ changed: 1 });
    expectError(
      await locAdmin.post('/api/location/assign-members', { uuid: hamburg, memberUuids: [staff] }),
      404,
      'Location.NotFound',
    );
    expectError(await locAdmin.post('/api/location/read-member-list', { uuid: hamburg }), 404, 'Location.NotFound');
    // The audit names the loc-admin.
    const [entry] = await server.db.query<{ actor_name: string }>(
      "SELECT actor_name FROM audit_entry WHERE entity_uuid = $1 AND action = 'location.assign-members' ORDER BY id DESC LIMIT 1",
      [vienna],
    );
    expect(entry?.actor_name).toBe('Lars Lindner');
  });

  it('membership changes move the company version (cached member lists stay exact)', async () => {
    const version = async () =>
      (
        await server.db.query<{ v: string }>(
          "SELECT coalesce(v.version, 0)::text AS v FROM client c LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid WHERE c.identifier = 'acme'",
        )
      )[0]?.v;
    const hamburg = await locationByName('Werk Hamburg');
    const [staff] = await staffOutside(hamburg, 1);
    const before = await version();
    await admin.post('/api/location/assign-members', { uuid: hamburg, memberUuids: [staff] });
    const between = await version();
    expect(between).not.toBe(before);
    await admin.post('/api/location/remove-members', { uuid: hamburg, memberUuids: [staff] });
    expect(await version()).not.toBe(between);
  });
});
