import { email } from '@dash/shared-core';
import {
  elearningCatalogResponseSchema,
  type MemberListItem,
  memberListResponseSchema,
  memberSchema,
  memberTasksResponseSchema,
  profileSettingSchema,
  riskAssessmentCatalogResponseSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let ouAdmin: Agent;
let member: Agent;
let globexAdmin: Agent;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  ouAdmin = await server.login('acme', 'ou.admin');
  member = await server.login('acme', 'member');
  globexAdmin = await server.login('globex', 'admin');
});

afterAll(async () => {
  await server?.close();
});

async function list(agent: Agent, body: Record<string, unknown> = {}) {
  const response = await agent.post('/api/memberlist/getlist', body);
  expect(response.statusCode, response.body).toBe(200);
  return memberListResponseSchema.parse(response.json());
}

/** The database's own answer, for comparison (its collation decides the order of names). */
async function acmeMembers(
  where = 'TRUE',
  order = 'm.last_name ASC',
): Promise<Array<{ uuid: string; last_name: string }>> {
  return server.db.query(
    `SELECT m.uuid, m.last_name FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.archived_at IS NULL AND ${where} ORDER BY ${order}`,
  );
}

describe('member list', () => {
  it('answers the first 25 members by default, with the total of non-archived acme members', async () => {
    const result = await list(admin);
    const expected = await acmeMembers();
    expect(expected.length).toBeGreaterThanOrEqual(40);
    expect(result.total).toBe(expected.length);
    expect(result.items).toHaveLength(25);
    // Archived members are not in the list.
    const archived = await server.db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL`,
    );
    expect(archived.length).toBeGreaterThan(0);
    const all = await list(admin, { perPage: 100 });
    const uuids = new Set(all.items.map((item) => item.uuid));
    expect(uuids.size).toBe(expected.length);
    for (const row of archived) expect(uuids.has(row.uuid)).toBe(false);
  });

  it('sorts by last name, ascending and descending, in the database', async () => {
    const expected = (await acmeMembers()).map((row) => row.last_name);
    const ascending = await list(admin, { sortBy: 'lastName', sortDirection: 'asc', perPage: 100 });
    expect(ascending.items.map((item) => item.lastName)).toEqual(expected);
    const descending = await list(admin, { sortBy: 'lastName', sortDirection: 'desc', perPage: 100 });
    expect(descending.items.map((item) => item.lastName)).toEqual([...expected].reverse());
    const firstPage = await list(admin, { sortBy: 'lastName', sortDirection: 'desc' });
    expect(firstPage.items.map((item) => item.lastName)).toEqual([...expected].reverse().slice(0, 25));
  });

  it('sorts by last login, never-signed-in members last', async () => {
    const check = (items: MemberListItem[], direction: 1 | -1) => {
      const times = items.map((item) => (item.lastLoginAt === null ? null : Date.parse(item.lastLoginAt)));
      const firstNull = times.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(times.slice(firstNull).every((time) => time === null)).toBe(true);
      const known = times.slice(0, firstNull) as number[];
      for (let index = 1; index < known.length; index++) {
        expect(((known[index] ?? 0) - (known[index - 1] ?? 0)) * direction).toBeGreaterThanOrEqual(0);
      }
    };
    check((await list(admin, { sortBy: 'lastLoginAt', sortDirection: 'asc', perPage: 100 })).items, 1);
    check((await list(admin, { sortBy: 'lastLoginAt', sortDirection: 'desc', perPage: 100 })).items, -1);
  });

  it('pages without overlap: page 2 holds the rest', async () => {
    const first = await list(admin, { page: 1 });
    const second = await list(admin, { page: 2 });
    expect(second.total).toBe(first.total);
    expect(second.items).toHaveLength(first.total - 25);
    const firstUuids = new Set(first.items.map((item) => item.uuid));
    expect(second.items.some((item) => firstUuids.has(item.uuid))).toBe(false);
    const beyond = await list(admin, { page: 3 });
    expect(beyond.items).toHaveLength(0);
    expect(beyond.total).toBe(first.total);
  });

  it('filters by search text (name, username, e-mail, full name), wildcards taken literally', async () => {
    const byLastName = await list(admin, { filter: { search: 'adler' } });
    expect(byLastName.items.map((item) => item.username)).toContain('admin');
    expect(byLastName.items.every((item) => /adler/i.test(`${item.firstName} ${item.lastName} ${item.email}`))).toBe(
      true,
    );
    const byFullName = await list(admin, { filter: { search: 'Arne Adler' } });
    expect(byFullName.total).toBe(1);
    expect(byFullName.items[0]?.username).toBe('admin');
    const byEmail = await list(admin, { filter: { search: 'ou.admin@acme' } });
    expect(byEmail.items.map((item) => item.username)).toEqual(['ou.admin']);
    expect((await list(admin, { filter: { search: '%' } })).total).toBe(0);
    expect((await list(admin, { filter: { search: '_' } })).total).toBe(0);
    expect((await list(admin, { filter: { search: 'no such person' } })).items).toEqual([]);
  });

  it('answers searches, filters and sorts in exactly the database order, every sort key in both directions', async () => {
    // The list filters a kept order in memory (searchIndex.ts); the database's own ORDER BY is the reference,
    // never-signed-in members (NULLS LAST in both directions) included.
    const orders: Record<string, string> = {
      lastName: 'm.last_name %d, m.first_name %d, m.uuid %d',
      firstName: 'm.first_name %d, m.last_name %d, m.uuid %d',
      username: 'm.username %d, m.uuid %d',
      email: 'm.email %d NULLS LAST, m.uuid %d',
      role: 'm.role %d, m.last_name %d, m.first_name %d, m.uuid %d',
      status: 'm.status %d, m.last_name %d, m.first_name %d, m.uuid %d',
      lastLoginAt: 'm.last_login_at %d NULLS LAST, m.uuid %d',
    };
    expect((await acmeMembers('m.last_login_at IS NULL')).length).toBeGreaterThan(0);
    const filters: Array<[Record<string, unknown>, string]> = [
      [{}, 'TRUE'],
      [{ search: 'an' }, "m.search_text LIKE '%an%'"],
      [{ search: 'ÄN' }, "m.search_text LIKE '%' || lower('ÄN') || '%'"],
      [{ search: 'er', status: 'active' }, "m.search_text LIKE '%er%' AND m.status = 'active'"],
      [{ role: 'member', status: 'inactive' }, "m.role = 'member' AND m.status = 'inactive'"],
    ];
    for (const [filter, where] of filters) {
      for (const [sortBy, order] of Object.entries(orders)) {
        for (const direction of ['asc', 'desc'] as const) {
          const expected = await acmeMembers(where, order.replaceAll('%d', direction.toUpperCase()));
          const answer = await list(admin, { filter, sortBy, sortDirection: direction, perPage: 100 });
          expect(answer.total, `${JSON.stringify(filter)} ${sortBy} ${direction}`).toBe(expected.length);
          expect(answer.items.map((item) => item.uuid)).toEqual(expected.map((row) => row.uuid));
        }
      }
    }
  });

  it('member state shows a change of the member at once, however it was written (kept details follow the version)', async () => {
    const state = async () => (await member.get('/api/member/state')).json().memberDetails;
    const before = await state();
    // Written past the API, as a script would: the company version (migrations 005, 019) still moves.
    await server.db.query(
      "UPDATE member SET first_name = first_name || '-Kassel' WHERE username = 'member' AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')",
    );
    expect((await state()).firstName).toBe(`${before.firstName}-Kassel`);
    await server.db.query(
      "UPDATE member SET first_name = $1 WHERE username = 'member' AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')",
      [before.firstName],
    );
    expect((await state()).firstName).toBe(before.firstName);
  });

  it('filters by status and role', async () => {
    const inactive = await list(admin, { filter: { status: 'inactive' }, perPage: 100 });
    expect(inactive.total).toBe((await acmeMembers("m.status = 'inactive'")).length);
    expect(inactive.total).toBeGreaterThan(0);
    expect(inactive.items.every((item) => item.status === 'inactive')).toBe(true);
    const active = await list(admin, { filter: { status: 'active' }, perPage: 100 });
    expect(active.total).toBe((await acmeMembers("m.status = 'active'")).length);
    expect(active.items.every((item) => item.status === 'active')).toBe(true);
    const admins = await list(admin, { filter: { role: 'admin' } });
    expect(admins.items.map((item) => item.username)).toEqual(['admin']);
  });

  it('accepts 50 and 100 per page and rejects other sizes, sort keys and pages', async () => {
    expect((await list(admin, { perPage: 50 })).items).toHaveLength(Math.min(50, (await acmeMembers()).length));
    expect((await list(admin, { perPage: 100 })).items.length).toBeLessThanOrEqual(100);
    for (const body of [
      { perPage: 30 },
      { perPage: '25' },
      { sortBy: 'password_hash' },
      { sortBy: 'lastName; DROP TABLE member' },
      { sortDirection: 'sideways' },
      { page: 0 },
      { page: 1.5 },
      { filter: { status: 'archived' } },
      { filter: { search: 'x'.repeat(101) } },
    ]) {
      expectError(await admin.post('/api/memberlist/getlist', body), 400, 'Schema.ValidationFailed');
    }
  });

  it('shows an ou-admin only the members of the org units he administers', async () => {
    const all = await list(admin);
    const own = await list(ouAdmin, { perPage: 100 });
    expect(own.total).toBeGreaterThan(0);
    expect(own.total).toBeLessThan(all.total);
    const allowed = new Set(
      (
        await server.db.query<{ uuid: string }>(
          `SELECT DISTINCT om.member_uuid AS uuid
             FROM org_unit_member om JOIN org_unit o ON o.uuid = om.org_unit_uuid
             JOIN client c ON c.uuid = o.client_uuid JOIN member m ON m.uuid = om.member_uuid
            WHERE c.identifier = 'acme' AND o.name IN ('Produktion', 'Logistik') AND m.archived_at IS NULL`,
        )
      ).map((row) => row.uuid),
    );
    expect(own.total).toBe(allowed.size);
    for (const item of own.items) expect(allowed.has(item.uuid)).toBe(true);

    // Details of a member outside his org units: as if it did not exist.
    const outside = all.items.find((item) => !allowed.has(item.uuid));
    expect(outside).toBeDefined();
    expectError(await ouAdmin.post('/api/memberlist/memberdetails', { uuid: outside?.uuid }), 404, 'Member.NotFound');
    const inside = own.items[0];
    expect((await ouAdmin.post('/api/memberlist/memberdetails', { uuid: inside?.uuid })).statusCode).toBe(200);
  });

  it('is not available to a plain member', async () => {
    expectError(await member.post('/api/memberlist/getlist', {}), 403, 'Auth.Forbidden');
  });
});

describe('member list order kept between calls (KeyOrderCache, company version of migrations 005 and 019)', () => {
  const version = async (client: string) =>
    (
      await server.db.query<{ version: string }>(
        `SELECT coalesce(v.version, 0)::text AS version FROM client c
          LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid WHERE c.identifier = $1`,
        [client],
      )
    )[0]?.version;

  it("moves a client's company version once per transaction that changes its members or structure, only its own", async () => {
    const [acme, globex] = [await version('acme'), await version('globex')];
    const moved = async (from: string | undefined) => BigInt((await version('acme')) ?? 0) - BigInt(from ?? 0);
    // One statement over many members moves it once (and back again: once more).
    const everyone = `client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`;
    await server.db.query(`UPDATE member SET last_name = last_name || '~' WHERE ${everyone}`);
    expect(await moved(acme)).toBe(1n);
    await server.db.query(`UPDATE member SET last_name = rtrim(last_name, '~') WHERE ${everyone}`);
    expect(await moved(acme)).toBe(2n);
    expect(await version('globex')).toBe(globex);
    // A statement that changes no member, or changes nothing a kept answer shows (a member's own password, theme,
    // language, reminder setting), moves nothing.
    await server.db.query(`UPDATE member SET first_name = 'Nobody' WHERE uuid = $1`, [crypto.randomUUID()]);
    await server.db.query(`UPDATE member SET first_name = first_name WHERE ${everyone}`);
    const [own] = await server.db.query<{ theme: string | null; language: string; password_hash: string | null }>(
      `SELECT theme, language, password_hash FROM member WHERE ${everyone} AND username = 'member'`,
    );
    await server.db.query(
      `UPDATE member SET theme = 'dark', language = 'en_GB', reminder_mails = NOT reminder_mails,
              password_hash = 'changed' WHERE ${everyone} AND username = 'member'`,
    );
    await server.db.query(
      `UPDATE member SET theme = $1, language = $2, reminder_mails = NOT reminder_mails, password_hash = $3
        WHERE ${everyone} AND username = 'member'`,
      [own?.theme, own?.language, own?.password_hash],
    );
    expect(await moved(acme)).toBe(2n);
    // Every table of the structure moves it: units, their members and admins, locations and theirs, groups and theirs.
    const structure = [
      `UPDATE org_unit SET name = name WHERE client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`,
      `UPDATE org_unit_member SET member_uuid = member_uuid
        WHERE member_uuid IN (SELECT uuid FROM member WHERE username = 'member')`,
      `UPDATE org_unit_admin SET member_uuid = member_uuid
        WHERE member_uuid IN (SELECT uuid FROM member WHERE username = 'ou.admin')`,
      `UPDATE location SET name = name WHERE client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`,
      `UPDATE location_member SET responsible = responsible
        WHERE member_uuid IN (SELECT uuid FROM member WHERE username = 'member')`,
      `UPDATE member_group SET name = name WHERE client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`,
      `UPDATE member_group_member SET member_uuid = member_uuid
        WHERE member_group_uuid IN (SELECT g.uuid FROM member_group g JOIN client c ON c.uuid = g.client_uuid
                                     WHERE c.identifier = 'acme')`,
    ];
    for (const [index, statement] of structure.entries()) {
      await server.db.query(statement);
      expect(await moved(acme), statement).toBe(BigInt(index) + 3n);
    }
    // A transaction of several such statements moves it once, at its commit; a rolled-back one not at all.
    const before = await version('acme');
    await server.db.transaction(async (tx) => {
      for (const statement of structure) await tx.query(statement);
    });
    expect(await moved(before)).toBe(1n);
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query(structure[0] ?? '');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await moved(before)).toBe(1n);
    expect(await version('globex')).toBe(globex);
    // Nothing is left behind of the notes of the transactions.
    expect(await server.db.query('SELECT * FROM data_change')).toEqual([]);
  });

  it('shows a change written by anyone (another server, a script) in the very next call', async () => {
    const before = await list(admin, { perPage: 100 });
    // Read twice, so the second answer comes from the kept order.
    expect(await list(admin, { perPage: 100 })).toEqual(before);
    // Not the admin who asks: archiving him would end his session.
    const first = before.items.find((item) => item.username !== 'admin');
    expect(first).toBeDefined();
    const uuid = first?.uuid ?? '';
    try {
      // Not through the API, so no code of this server can have told the list: only the database knows.
      await server.db.query("UPDATE member SET last_name = 'Zzzz' WHERE uuid = $1", [uuid]);
      const renamed = await list(admin, { perPage: 100 });
      expect(renamed.items.at(-1)).toMatchObject({ uuid, lastName: 'Zzzz' });
      expect(renamed.total).toBe(before.total);

      await server.db.query('UPDATE member SET archived_at = now() WHERE uuid = $1', [uuid]);
      const archived = await list(admin, { perPage: 100 });
      expect(archived.total).toBe(before.total - 1);
      expect(archived.items.some((item) => item.uuid === uuid)).toBe(false);
    } finally {
      await server.db.query('UPDATE member SET last_name = $2, archived_at = NULL WHERE uuid = $1', [
        uuid,
        first?.lastName,
      ]);
    }
    expect(await list(admin, { perPage: 100 })).toEqual(before);
  });

  it("keeps the lists filtered by unit or location and an ou-admin's list exact as well (memberships move the version)", async () => {
    const [unit] = await server.db.query<{ uuid: string }>(
      "SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid WHERE c.identifier = 'acme' AND o.name = 'Logistik'",
    );
    const [place] = await server.db.query<{ uuid: string }>(
      "SELECT l.uuid FROM location l JOIN client c ON c.uuid = l.client_uuid WHERE c.identifier = 'acme' AND l.name = 'Werk Hamburg'",
    );
    // A member in none of the units the ou-admin administers (Produktion, Logistik).
    const [picked] = await server.db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NULL AND m.username <> 'admin'
          AND NOT EXISTS (SELECT 1 FROM org_unit_admin oa JOIN member a ON a.uuid = oa.member_uuid
                            JOIN org_unit_membership om ON om.org_unit_uuid = oa.org_unit_uuid
                           WHERE a.username = 'ou.admin' AND om.member_uuid = m.uuid)
        ORDER BY m.username LIMIT 1`,
    );
    const outsider = picked?.uuid ?? '';
    const ouAdmin = await server.login('acme', 'ou.admin');
    const byUnit = () => list(admin, { perPage: 100, filter: { orgUnitUuid: unit?.uuid } });
    const byPlace = () => list(admin, { perPage: 100, filter: { locationUuid: place?.uuid } });
    const ouAdminSees = async () => (await list(ouAdmin, { perPage: 100 })).items.map((item) => item.uuid);
    const [unitBefore, placeBefore, ouBefore] = [await byUnit(), await byPlace(), await ouAdminSees()];
    expect(await byUnit()).toEqual(unitBefore);
    expect(unitBefore.items.map((item) => item.uuid)).not.toContain(outsider);
    expect(ouBefore).not.toContain(outsider);
    try {
      // Past the API: only the database knows.
      await server.db.query('INSERT INTO org_unit_member (org_unit_uuid, member_uuid) VALUES ($1, $2)', [
        unit?.uuid,
        outsider,
      ]);
      expect((await byUnit()).items.map((item) => item.uuid)).toContain(outsider);
      expect((await byUnit()).total).toBe(unitBefore.total + 1);
      // The ou-admin administers Logistik: its new member is his to see now.
      expect(await ouAdminSees()).toContain(outsider);
      const placeMembers = await server.db.query(
        'DELETE FROM location_member WHERE location_uuid = $1 AND NOT responsible RETURNING member_uuid',
        [place?.uuid],
      );
      expect((await byPlace()).total).toBe(placeBefore.total - placeMembers.length);
      await server.db.query('INSERT INTO location_member (location_uuid, member_uuid) SELECT $1, unnest($2::uuid[])', [
        place?.uuid,
        placeMembers.map((row) => (row as { member_uuid: string }).member_uuid),
      ]);
    } finally {
      await server.db.query('DELETE FROM org_unit_member WHERE org_unit_uuid = $1 AND member_uuid = $2', [
        unit?.uuid,
        outsider,
      ]);
    }
    expect(await byUnit()).toEqual(unitBefore);
    expect(await byPlace()).toEqual(placeBefore);
    expect(await ouAdminSees()).toEqual(ouBefore);
  });
});

describe('member details', () => {
  it("answers an acme member's details with org units and locations", async () => {
    const uuid = await memberUuid(server.db, 'acme', 'member');
    const response = await admin.post('/api/memberlist/memberdetails', { uuid });
    expect(response.statusCode, response.body).toBe(200);
    const details = memberSchema.parse(response.json());
    expect(details).toMatchObject({ uuid, username: 'member', firstName: 'Mara', role: 'member', status: 'active' });
    expect(details.orgUnits.length).toBeGreaterThan(0);
    expect(details.locations.length).toBeGreaterThan(0);
    expect(JSON.stringify(details)).not.toMatch(/password|scrypt/i);
  });

  it('answers 404 Member.NotFound for a globex member, exactly like a uuid that does not exist', async () => {
    const foreign = await admin.post('/api/memberlist/memberdetails', {
      uuid: await memberUuid(server.db, 'globex', 'fahrer1'),
    });
    expectError(foreign, 404, 'Member.NotFound');
    const missing = await admin.post('/api/memberlist/memberdetails', { uuid: crypto.randomUUID() });
    expectError(missing, 404, 'Member.NotFound');
    expect(foreign.body).toBe(missing.body);

    const back = await globexAdmin.post('/api/memberlist/memberdetails', {
      uuid: await memberUuid(server.db, 'acme', 'admin'),
    });
    expectError(back, 404, 'Member.NotFound');
  });

  it('rejects a malformed uuid', async () => {
    expectError(
      await admin.post('/api/memberlist/memberdetails', { uuid: 'not-a-uuid' }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(await admin.post('/api/memberlist/memberdetails', {}), 400, 'Schema.ValidationFailed');
  });
});

describe('profile', () => {
  it('updates own name, e-mail and numbers', async () => {
    const uuid = await memberUuid(server.db, 'acme', 'member');
    const response = await member.post('/api/profile/update', {
      email: 'mara.new@acme.example',
      firstName: '  Mara ',
      lastName: 'Neumann-Mitarbeiter',
      phoneNumber: '+49 30 9876543',
      mobileNumber: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      email: 'mara.new@acme.example',
      firstName: 'Mara',
      lastName: 'Neumann-Mitarbeiter',
      phoneNumber: '+49 30 9876543',
      mobileNumber: null,
    });
    const [row] = await server.db.query<{ email: string; last_name: string; mobile_number: string | null }>(
      'SELECT email, last_name, mobile_number FROM member WHERE uuid = $1',
      [uuid],
    );
    expect(row).toEqual({ email: 'mara.new@acme.example', last_name: 'Neumann-Mitarbeiter', mobile_number: null });
    const state = (await member.get('/api/member/state')).json();
    expect(state.memberDetails.lastName).toBe('Neumann-Mitarbeiter');
    expect(state.member.email).toBe('mara.new@acme.example');
  });

  it('rejects an invalid phone or mobile number and changes nothing', async () => {
    const uuid = await memberUuid(server.db, 'acme', 'member');
    const before = await server.db.query('SELECT * FROM member WHERE uuid = $1', [uuid]);
    const body = {
      email: 'other@acme.example',
      firstName: 'Other',
      lastName: 'Name',
      phoneNumber: '12',
      mobileNumber: null,
    };
    expectError(await member.post('/api/profile/update', body), 400, 'Member.InvalidPhone');
    expectError(
      await member.post('/api/profile/update', { ...body, phoneNumber: null, mobileNumber: 'call me' }),
      400,
      'Member.InvalidMobile',
    );
    expectError(
      await member.post('/api/profile/update', { ...body, phoneNumber: null, email: 'not-an-email' }),
      400,
      'Schema.ValidationFailed',
    );
    expect(await server.db.query('SELECT * FROM member WHERE uuid = $1', [uuid])).toEqual(before);
  });

  it("checks the e-mail address with the forms' own rule (shared-core validation), '' meaning none", async () => {
    const body = { firstName: 'Mara', lastName: 'Neumann', phoneNumber: null, mobileNumber: null };
    const update = (email: string | null) => member.post('/api/profile/update', { ...body, email });
    // What the form accepts, the server accepts (a generic e-mail schema refuses this one).
    expect(email('maría@acme.example')).toBeNull();
    expect((await update('maría@acme.example')).json()).toMatchObject({ email: 'maría@acme.example' });
    for (const refused of ['mara@acme', 'mara acme@acme.example', 'mara@acme.e']) {
      expect(email(refused), refused).not.toBeNull();
      expectError(await update(refused), 400, 'Schema.ValidationFailed');
    }
    expect((await update('')).json()).toMatchObject({ email: null });
    expect((await update('mara.new@acme.example')).json()).toMatchObject({ email: 'mara.new@acme.example' });
  });

  it('reads and updates theme and language (round trip)', async () => {
    const initial = profileSettingSchema.parse((await member.get('/api/profile/readprofilesetting')).json());
    expect(initial.availableLanguages).toEqual(expect.arrayContaining(['de_DE', 'en_GB']));
    expect(initial.languageCode).toBe('de_DE');

    const update = await member.post('/api/profile/updateprofilesetting', {
      frontendStyle: { theme: 'dark' },
      languageCode: 'en_GB',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ frontendStyle: { theme: 'dark' }, languageCode: 'en_GB' });
    const read = profileSettingSchema.parse((await member.get('/api/profile/readprofilesetting')).json());
    expect(read).toMatchObject({ frontendStyle: { theme: 'dark' }, languageCode: 'en_GB' });

    // null: the member never chose a theme (or chose to follow the system again); a language switch sends it so.
    const unpinned = await member.post('/api/profile/updateprofilesetting', {
      frontendStyle: { theme: null },
      languageCode: 'en_GB',
    });
    expect(unpinned.statusCode, unpinned.body).toBe(200);
    expect(profileSettingSchema.parse((await member.get('/api/profile/readprofilesetting')).json())).toMatchObject({
      frontendStyle: { theme: null },
      languageCode: 'en_GB',
    });

    // Another member's setting is untouched.
    const other = profileSettingSchema.parse((await admin.get('/api/profile/readprofilesetting')).json());
    expect(other.languageCode).toBe('de_DE');

    expectError(
      await member.post('/api/profile/updateprofilesetting', {
        frontendStyle: { theme: 'pink' },
        languageCode: 'en_GB',
      }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await member.post('/api/profile/updateprofilesetting', {
        frontendStyle: { theme: 'light' },
        languageCode: 'fr_FR',
      }),
      400,
      'Schema.ValidationFailed',
    );
  });
});

describe('e-learnings and risk assessments', () => {
  it("answers acme's e-learning catalogue to the admin", async () => {
    const response = await admin.post('/api/elearning/read-catalog', {});
    expect(response.statusCode, response.body).toBe(200);
    const catalogue = elearningCatalogResponseSchema.parse(response.json());
    const [count] = await server.db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM elearning e JOIN client c ON c.uuid = e.client_uuid WHERE c.identifier = 'acme'",
    );
    expect(catalogue.total).toBe(count?.total);
    expect(catalogue.items.length).toBeGreaterThan(0);
    expect(catalogue.items.some((item) => item.assignedMemberCount > 0)).toBe(true);
    expect(catalogue.items.some((item) => item.completedMemberCount > 0)).toBe(true);
    // globex's course is not in acme's catalogue.
    expect(catalogue.items.map((item) => item.title)).not.toContain('Ladungssicherung');
    const titles = catalogue.items.map((item) => item.title);
    const sorted = await server.db.query<{ title: string }>(
      "SELECT e.title FROM elearning e JOIN client c ON c.uuid = e.client_uuid WHERE c.identifier = 'acme' ORDER BY e.title",
    );
    expect(titles).toEqual(sorted.map((row) => row.title));
    const search = elearningCatalogResponseSchema.parse(
      (await admin.post('/api/elearning/read-catalog', { filter: { search: 'brandschutz' } })).json(),
    );
    expect(search.items.map((item) => item.title)).toEqual(['Brandschutz Grundlagen']);
  });

  it("answers the member's own e-learning and risk-assessment tasks", async () => {
    const uuid = await memberUuid(server.db, 'acme', 'member');
    const all = memberTasksResponseSchema.parse(
      (await member.post('/api/elearning/read-member-tasks', { filter: { status: 'all' } })).json(),
    );
    const [count] = await server.db.query<{ total: number; open: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE completed_at IS NULL)::int AS open
         FROM elearning_task WHERE member_uuid = $1`,
      [uuid],
    );
    expect(all.total).toBe(count?.total);
    expect(all.total).toBeGreaterThan(0);
    const open = memberTasksResponseSchema.parse((await member.post('/api/elearning/read-member-tasks', {})).json());
    expect(open.total).toBe(count?.open);
    expect(open.items.every((item) => item.completedAt === null && item.dueStatus !== 'done')).toBe(true);

    const risks = await member.post('/api/risk-assessment/read-member-tasks', { filter: { status: 'all' } });
    expect(risks.statusCode, risks.body).toBe(200);
    const [riskCount] = await server.db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM risk_assessment_member_task WHERE member_uuid = $1',
      [uuid],
    );
    expect(memberTasksResponseSchema.parse(risks.json()).total).toBe(riskCount?.total);
  });

  it("answers acme's risk-assessment catalogue to the admin", async () => {
    const response = await admin.post('/api/risk-assessment/read-catalog-list', { sortBy: 'status' });
    expect(response.statusCode, response.body).toBe(200);
    const catalogue = riskAssessmentCatalogResponseSchema.parse(response.json());
    expect(catalogue.total).toBeGreaterThan(0);
    expect(catalogue.items).toHaveLength(catalogue.total);
  });

  it('answers 403 Auth.FeatureDisabled to globex (no risk assessments)', async () => {
    expectError(await globexAdmin.post('/api/risk-assessment/read-catalog-list', {}), 403, 'Auth.FeatureDisabled');
    expectError(await globexAdmin.post('/api/risk-assessment/read-member-tasks', {}), 403, 'Auth.FeatureDisabled');
    // E-learnings are on for globex, and show globex's own catalogue only.
    const catalogue = elearningCatalogResponseSchema.parse(
      (await globexAdmin.post('/api/elearning/read-catalog', {})).json(),
    );
    expect(catalogue.items.map((item) => item.title)).toEqual(['Ladungssicherung']);
  });
});
