/**
 * SCIM 2.0 provisioning (issue 31, docs/scim.md): a directory creates, reads, finds, replaces, patches and deletes
 * the client's members and keeps their groups, with the super-admin's bearer token. The requests are RFC 7644's own
 * examples and the PATCH forms Entra ID and Okta send; the dashboard's rules hold (usernames, licence limit, last
 * super-admin), the tasks follow as after an admin's change (a full sync afterwards finds nothing to do), every
 * change is in the audit list, and another client's token sees nothing of acme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/core/sessions/sessions';
import { syncElearningTasks } from '../src/modules/elearnings/taskSync';
import { syncMemberTasks } from '../src/modules/riskAssessments/memberTaskSync';
import {
  type Agent,
  countStatements,
  createTestServer,
  expectError,
  type InjectResponse,
  type TestServer,
} from './helpers';

let server: TestServer;
let superAdmin: Agent;
let token: string;
let globexToken: string;
let acme: string;
let root: string;
/** A course every member of acme's root unit (everybody) gets: new members get its task at once. */
let course: string;

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

async function scim(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  bearer: string | null = token,
): Promise<InjectResponse> {
  return server.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

function expectScimError(response: InjectResponse, status: number, scimType?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = response.json();
  expect(body.schemas).toEqual([ERROR]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
  expect(typeof body.detail).toBe('string');
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await server.db.query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

/** A full sync of the client finds nothing to do: the narrow sync of the SCIM change left nothing behind. */
async function expectNothingLeftToSync() {
  const outcome = await server.db.transaction(async (tx) => {
    const elearnings = await syncElearningTasks(tx, acme);
    const createdAnalyses = await syncMemberTasks(tx, acme, null);
    return { ...elearnings, createdAnalyses };
  });
  expect(outcome).toEqual({ created: 0, removed: 0, createdAnalyses: 0 });
}

async function openTasks(memberUuid: string, elearning = course): Promise<number> {
  const row = await one<{ count: number }>(
    `SELECT count(*)::int AS count FROM elearning_task
      WHERE elearning_uuid = $1 AND member_uuid = $2 AND completed_at IS NULL AND reset_at IS NULL`,
    [elearning, memberUuid],
  );
  return row.count;
}

/** The members in the course's statistics (the administrator's view). */
async function inStatistics(): Promise<string[]> {
  const admin = await server.login('acme', 'admin');
  const answer = await admin.post('/api/elearning/read-statistics', { uuid: course, perPage: 100 });
  expect(answer.statusCode, answer.body).toBe(200);
  const items = answer.json().items as Array<{ memberUuid: string }>;
  return items.map((row) => row.memberUuid);
}

/** RFC 7644 section 3.3's example user, with a name of its own per test. */
function bjensen(userName: string, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER],
    userName,
    externalId: `ext-${userName}`,
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    emails: [{ value: `${userName}@example.com`, type: 'work', primary: true }],
    ...extra,
  };
}

async function createUser(userName: string, extra: Record<string, unknown> = {}) {
  const response = await scim('POST', '/Users', bjensen(userName, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; meta: { version: string; location: string } } & Record<string, unknown>;
}

beforeAll(async () => {
  server = await createTestServer();
  superAdmin = await server.login('acme', 'super.admin');
  const created = await superAdmin.post('/api/clientdetails/create-scim-token', { label: 'Entra ID' });
  expect(created.statusCode, created.body).toBe(200);
  token = created.json().token;
  acme = (await one<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'")).uuid;
  root = (await one<{ uuid: string }>('SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root', [acme])).uuid;
  // globex has no super-admin among the demo logins: its token is stored as the settings call stores one.
  globexToken = 'scim_globex-token-for-the-tenant-isolation-tests-0000000';
  await server.db.query(
    `INSERT INTO scim_token (client_uuid, label, token_hash, created_by_name)
     SELECT uuid, 'Okta', $1, 'Test' FROM client WHERE identifier = 'globex'`,
    [hashToken(globexToken)],
  );
  course = (
    await one<{ uuid: string }>(
      `INSERT INTO elearning (client_uuid, title, duration_minutes, first_execution_buffer_days, repeat_interval_months)
       VALUES ($1, 'SCIM: Erstunterweisung', 15, 14, 0) RETURNING uuid`,
      [acme],
    )
  ).uuid;
  const admin = await server.login('acme', 'admin');
  const assigned = await admin.post('/api/elearning/assign-org-units', { uuid: course, orgUnitUuids: [root] });
  expect(assigned.statusCode, assigned.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the token (company configuration, super-admin)', () => {
  it('is shown once, kept as a hash, listed without it, and audited', async () => {
    const settings = await superAdmin.post('/api/clientdetails/read-scim');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ baseUrl: 'http://localhost/scim/v2', groupTarget: 'org-units' });
    expect(settings.json().tokens[0]).toMatchObject({
      label: 'Entra ID',
      createdBy: 'Sabine Admiral',
      revokedAt: null,
    });
    expect(settings.body).not.toContain(token);
    expect(token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    const stored = await server.db.query('SELECT 1 FROM scim_token WHERE token_hash = $1', [hashToken(token)]);
    expect(stored).toHaveLength(1);
    expect(await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'client.create-scim-token'`)).toHaveLength(
      1,
    );
  });

  it('refuses requests without a valid token in SCIM’s error format', async () => {
    const without = await scim('GET', '/Users', undefined, {}, null);
    expectScimError(without, 401);
    expect(without.headers['www-authenticate']).toMatch(/^Bearer/);
    expectScimError(await scim('GET', '/Users', undefined, {}, 'scim_not-a-token'), 401);
    expectScimError(await scim('GET', '/Users', undefined, { authorization: `Basic ${token}` }, null), 401);
  });

  it('a revoked token is refused at its next request', async () => {
    const second = await superAdmin.post('/api/clientdetails/create-scim-token', { label: 'Okta test' });
    const secondToken = second.json().token as string;
    const uuid = second.json().settings.tokens.find((item: { label: string }) => item.label === 'Okta test').uuid;
    expect((await scim('GET', '/ServiceProviderConfig', undefined, {}, secondToken)).statusCode).toBe(200);
    const revoked = await superAdmin.post('/api/clientdetails/revoke-scim-token', { uuid });
    expect(revoked.json().tokens.find((item: { uuid: string }) => item.uuid === uuid).revokedAt).not.toBeNull();
    expectScimError(await scim('GET', '/ServiceProviderConfig', undefined, {}, secondToken), 401);
    expect(await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'client.revoke-scim-token'`)).toHaveLength(
      1,
    );
    // Another client's token uuid answers as one that does not exist.
    const globexUuid = (
      await one<{ uuid: string }>(
        `SELECT t.uuid FROM scim_token t JOIN client c ON c.uuid = t.client_uuid WHERE c.identifier = 'globex'`,
      )
    ).uuid;
    expectError(
      await superAdmin.post('/api/clientdetails/revoke-scim-token', { uuid: globexUuid }),
      404,
      'ScimToken.NotFound',
    );
  });
});

describe('discovery (RFC 7644 section 4)', () => {
  it('names what this service provider supports', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      etag: { supported: true },
      bulk: { supported: false },
    });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.json().Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json().Resources.map((schema: { id: string }) => schema.id)).toEqual([USER, GROUP]);
  });
});

describe('Users', () => {
  it('creates a member from RFC 7644’s example, with its tasks, in the audit list; a replay changes nothing', async () => {
    const response = await scim('POST', '/Users', bjensen('bjensen'));
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(response.headers.location).toBe(`http://localhost/scim/v2/Users/${user.id}`);
    expect(response.headers.etag).toBe(user.meta.version);
    expect(user).toMatchObject({
      schemas: [USER],
      userName: 'bjensen',
      externalId: 'ext-bjensen',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `http://localhost/scim/v2/Users/${user.id}` },
    });
    const member = await one<{ role: string; client_uuid: string; status: string }>(
      'SELECT role, client_uuid, status FROM member WHERE uuid = $1',
      [user.id],
    );
    expect(member).toEqual({ role: 'member', client_uuid: acme, status: 'active' });
    expect(await openTasks(user.id)).toBe(1);
    const audit = await one<{ actor_name: string; actor_member_uuid: string | null }>(
      `SELECT actor_name, actor_member_uuid FROM audit_entry WHERE action = 'member.create' AND entity_uuid = $1`,
      [user.id],
    );
    expect(audit).toEqual({ actor_name: 'SCIM: Entra ID', actor_member_uuid: null });
    await expectNothingLeftToSync();

    const replay = await scim('POST', '/Users', bjensen('bjensen'));
    expectScimError(replay, 409, 'uniqueness');
    expect(await server.db.query(`SELECT 1 FROM member WHERE username = 'bjensen'`)).toHaveLength(1);
  });

  it('applies the forms’ rules: usernames, names and e-mail addresses', async () => {
    expectScimError(await scim('POST', '/Users', bjensen('Bad User!')), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { schemas: [USER], userName: 'no.name' }), 400, 'invalidValue');
    expectScimError(
      await scim('POST', '/Users', bjensen('bad.mail', { emails: [{ value: 'not-an-address', primary: true }] })),
      400,
      'invalidValue',
    );
    expectScimError(await scim('POST', '/Users', '{"userName":'), 400, 'invalidSyntax');
    expect(await server.db.query(`SELECT 1 FROM member WHERE username IN ('no.name', 'bad.mail')`)).toHaveLength(0);
  });

  it('reads a user with its ETag, and answers 304 to If-None-Match', async () => {
    const user = await createUser('read.me');
    const read = await scim('GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(user.meta.version);
    const unchanged = await scim('GET', `/Users/${user.id}`, undefined, { 'if-none-match': user.meta.version });
    expect(unchanged.statusCode).toBe(304);
    expectScimError(await scim('GET', `/Users/${crypto.randomUUID()}`), 404);
    expectScimError(await scim('GET', '/Users/not-a-uuid'), 404);
  });

  it('finds users by userName, externalId and e-mail, and pages through all of them', async () => {
    await createUser('find.me');
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "FIND.ME"')}`);
    expect(found.json()).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.json().Resources[0].userName).toBe('find.me');
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-find.me"')}`);
    expect(byExternal.json().totalResults).toBe(1);
    const byMail = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "find.me@example.com"')}`,
    );
    expect(byMail.json().totalResults).toBe(1);
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody"')}`);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('title sw "x"')}`), 400, 'invalidFilter');

    const all = (await scim('GET', '/Users?count=1000')).json();
    const active = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND archived_at IS NULL AND deleted_at IS NULL',
      [acme],
    );
    expect(all.totalResults).toBe(active.count);
    const first = (await scim('GET', '/Users?startIndex=1&count=10')).json();
    const second = (await scim('GET', '/Users?startIndex=11&count=10')).json();
    expect(first.itemsPerPage).toBe(10);
    const ids = [...first.Resources, ...second.Resources].map((user: { id: string }) => user.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.Resources.slice(0, ids.length).map((user: { id: string }) => user.id));
  });

  it('replaces a user (PUT), refusing a stale If-Match with 412', async () => {
    const user = await createUser('put.me');
    const replaced = await scim(
      'PUT',
      `/Users/${user.id}`,
      bjensen('put.me', {
        name: { givenName: 'Babs', familyName: 'Jensen-Berg' },
        emails: [{ value: 'babs@example.com', primary: true }],
      }),
      { 'if-match': user.meta.version },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().name).toMatchObject({ givenName: 'Babs', familyName: 'Jensen-Berg' });
    expect(replaced.headers.etag).not.toBe(user.meta.version);
    const stale = await scim('PUT', `/Users/${user.id}`, bjensen('put.me'), { 'if-match': user.meta.version });
    expectScimError(stale, 412);
    const row = await one<{ first_name: string; email: string }>(
      'SELECT first_name, email FROM member WHERE uuid = $1',
      [user.id],
    );
    expect(row).toEqual({ first_name: 'Babs', email: 'babs@example.com' });
    // The userName of another member is taken.
    expectScimError(await scim('PUT', `/Users/${user.id}`, bjensen('bjensen')), 409, 'uniqueness');
  });

  it('takes Entra ID’s PATCH forms: capitalised ops, string booleans, filtered and extension paths', async () => {
    const user = await createUser('entra.user');
    const signedIn = await one<{ uuid: string }>(`SELECT uuid FROM member WHERE username = 'entra.user'`);
    await server.db.query(
      `INSERT INTO session (token_hash, member_uuid, client_uuid, expires_at) VALUES ('entra-session', $1, $2, now() + interval '1 hour')`,
      [signedIn.uuid, acme],
    );
    const patched = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Erika' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'erika@example.com' },
        {
          op: 'Replace',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Lager',
        },
        { op: 'Replace', path: 'externalId', value: 'entra-object-id' },
        { op: 'Replace', path: 'active', value: 'False' },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      active: false,
      externalId: 'entra-object-id',
      name: { givenName: 'Erika' },
    });
    const row = await one<{ status: string; email: string; first_name: string }>(
      'SELECT status, email, first_name FROM member WHERE uuid = $1',
      [user.id],
    );
    expect(row).toEqual({ status: 'inactive', email: 'erika@example.com', first_name: 'Erika' });
    // Deactivated as by an admin: the open session ended; the tasks are where an admin's change leaves them.
    expect(await server.db.query(`SELECT 1 FROM session WHERE token_hash = 'entra-session'`)).toHaveLength(0);
    await expectNothingLeftToSync();

    // A replay changes nothing: the same version, no second audit entry.
    const audits = await server.db.query(
      `SELECT 1 FROM audit_entry WHERE entity_uuid = $1 AND action = 'member.update'`,
      [user.id],
    );
    const again = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(again.headers.etag).toBe(patched.headers.etag);
    expect(
      await server.db.query(`SELECT 1 FROM audit_entry WHERE entity_uuid = $1 AND action = 'member.update'`, [user.id]),
    ).toHaveLength(audits.length);
  });

  it('takes Okta’s PATCH form (a value object without a path) to deactivate and reactivate', async () => {
    const user = await createUser('okta.user');
    const off = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.json().active).toBe(false);
    await expectNothingLeftToSync();
    const on = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true, 'name.familyName': 'Okta-Jensen' } }],
    });
    expect(on.json()).toMatchObject({ active: true, name: { familyName: 'Okta-Jensen' } });
    expect(await openTasks(user.id)).toBe(1);
    await expectNothingLeftToSync();
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'move', path: 'active' }] }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'replace', path: 'name[[', value: 1 }] }),
      400,
      'invalidPath',
    );
  });

  it('deletes a user as an archive (history kept, out of the statistics); a new create of that userName restores him', async () => {
    const user = await createUser('delete.me');
    expect(await openTasks(user.id)).toBe(1);
    expect(await inStatistics()).toContain(user.id);
    const deleted = await scim('DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode).toBe(204);
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    const row = await one<{ archived: boolean }>(
      'SELECT archived_at IS NOT NULL AS archived FROM member WHERE uuid = $1',
      [user.id],
    );
    expect(row.archived).toBe(true);
    // As the member list's archive: the task stays (rule 8, a restore brings it back), the statistics leave him out.
    expect(await inStatistics()).not.toContain(user.id);
    await expectNothingLeftToSync();
    expect(
      await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'member.archive' AND entity_uuid = $1`, [
        user.id,
      ]),
    ).toHaveLength(1);
    const back = await scim('POST', '/Users', bjensen('delete.me'));
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().id).toBe(user.id);
    expect(await openTasks(user.id)).toBe(1);
    expect(await inStatistics()).toContain(user.id);
    await expectNothingLeftToSync();
  });

  it('creates arriving together share a transaction, and each request gets its own answer', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `together.${index}`);
    // The token is known already (a directory's run sends thousands of requests with it).
    await scim('GET', '/ServiceProviderConfig');
    const { result: answers, count } = await countStatements(server.db, () =>
      Promise.all([...names, 'together.3', 'bjensen'].map((name) => scim('POST', '/Users', bjensen(name)))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([...names.map(() => 201), 409, 409]);
    const ids = answers.slice(0, 20).map((answer) => answer.json().id as string);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(await openTasks(id)).toBe(1);
    const audits = await server.db.query(
      `SELECT 1 FROM audit_entry WHERE action = 'member.create' AND entity_uuid = ANY($1::uuid[])`,
      [ids],
    );
    expect(audits).toHaveLength(20);
    await expectNothingLeftToSync();
    // One by one, 22 creates take more than 100 statements (token, insert, task syncs, audit, licence per create).
    expect(count).toBeLessThan(60);
  });

  it('a batch over the licence limit falls back to one by one: the seats left are taken, the rest refused', async () => {
    const used = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND archived_at IS NULL',
      [acme],
    );
    await server.db.query('UPDATE client SET max_members = $2 WHERE uuid = $1', [acme, used.count + 3]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) => scim('POST', '/Users', bjensen(`seat.${index}`))),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expectScimError(refused, 409);
      expect(await server.db.query(`SELECT 1 FROM member WHERE username LIKE 'seat.%'`)).toHaveLength(3);
    } finally {
      await server.db.query('UPDATE client SET max_members = NULL WHERE uuid = $1', [acme]);
    }
  });

  it('keeps the licence limit, with SCIM’s error and nothing created', async () => {
    const used = await one<{ count: number }>(
      'SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND archived_at IS NULL',
      [acme],
    );
    await server.db.query('UPDATE client SET max_members = $2 WHERE uuid = $1', [acme, used.count]);
    try {
      const refused = await scim('POST', '/Users', bjensen('one.too.many'));
      expectScimError(refused, 409);
      expect(refused.json().detail).toMatch(/licence limit/);
      expect(await server.db.query(`SELECT 1 FROM member WHERE username = 'one.too.many'`)).toHaveLength(0);
    } finally {
      await server.db.query('UPDATE client SET max_members = NULL WHERE uuid = $1', [acme]);
    }
  });

  it('never deactivates the last super-admin', async () => {
    const superUuid = (
      await one<{ uuid: string }>(`SELECT uuid FROM member WHERE client_uuid = $1 AND username = 'super.admin'`, [acme])
    ).uuid;
    const refused = await scim('PATCH', `/Users/${superUuid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expectScimError(refused, 409);
    expect((await one<{ status: string }>('SELECT status FROM member WHERE uuid = $1', [superUuid])).status).toBe(
      'active',
    );
  });

  it('another client’s token sees nothing of acme', async () => {
    const user = await createUser('acme.only');
    expectScimError(await scim('GET', `/Users/${user.id}`, undefined, {}, globexToken), 404);
    expectScimError(
      await scim(
        'PATCH',
        `/Users/${user.id}`,
        { Operations: [{ op: 'replace', value: { active: false } }] },
        {},
        globexToken,
      ),
      404,
    );
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, {}, globexToken), 404);
    const list = (
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "acme.only"')}`, undefined, {}, globexToken)
    ).json();
    expect(list.totalResults).toBe(0);
    expect(
      (
        await one<{ archived: boolean }>('SELECT archived_at IS NOT NULL AS archived FROM member WHERE uuid = $1', [
          user.id,
        ])
      ).archived,
    ).toBe(false);
  });

  it('refuses hostile input with 400, never 500', async () => {
    const user = await createUser('hostile.target');
    const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    const cases: unknown[] = [
      '{"userName":"x","__proto__":{"polluted":true}}',
      JSON.stringify(bjensen('nul\u0000user')),
      deep,
      JSON.stringify(bjensen('long', { displayName: 'x'.repeat(70_000) })),
      '[1,2,3]',
      '"text"',
    ];
    for (const body of cases) {
      const response = await scim('POST', '/Users', body);
      expect(response.statusCode, String(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(body).slice(0, 60)).toBeLessThan(500);
    }
    for (const body of cases) {
      const response = await scim('PATCH', `/Users/${user.id}`, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const filter = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "\\u0000\\x"')}`);
    expect(filter.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Groups as org units', () => {
  it('creates a unit below the root with its members, who get the unit’s tasks; Entra’s and Okta’s PATCH forms', async () => {
    const mara = await createUser('group.mara');
    const tom = await createUser('group.tom');
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Lager Nord',
      members: [{ value: mara.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ displayName: 'Lager Nord', members: [{ value: mara.id }] });
    const unit = await one<{ parent_uuid: string; client_uuid: string }>(
      'SELECT parent_uuid, client_uuid FROM org_unit WHERE uuid = $1',
      [group.id],
    );
    expect(unit).toEqual({ parent_uuid: root, client_uuid: acme });
    const unitCourse = (
      await one<{ uuid: string }>(
        `INSERT INTO elearning (client_uuid, title, duration_minutes, first_execution_buffer_days, repeat_interval_months)
         VALUES ($1, 'Staplerschein Lager Nord', 30, 14, 12) RETURNING uuid`,
        [acme],
      )
    ).uuid;
    const admin = await server.login('acme', 'admin');
    expect(
      (await admin.post('/api/elearning/assign-org-units', { uuid: unitCourse, orgUnitUuids: [group.id] })).statusCode,
    ).toBe(200);
    expect(await openTasks(mara.id, unitCourse)).toBe(1);
    expect(await openTasks(tom.id, unitCourse)).toBe(0);

    // Entra: add and remove by value.
    const add = await scim('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: tom.id }] }],
    });
    expect(add.statusCode, add.body).toBe(204);
    expect(await openTasks(tom.id, unitCourse)).toBe(1);
    const remove = await scim('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: mara.id }] }],
    });
    expect(remove.statusCode).toBe(204);
    expect(await openTasks(mara.id, unitCourse)).toBe(0);
    // Okta: remove by a filtered path, rename without a path.
    await scim('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'remove', path: `members[value eq "${tom.id}"]` },
        { op: 'replace', value: { id: group.id, displayName: 'Lager Nord-Ost' } },
      ],
    });
    const read = (await scim('GET', `/Groups/${group.id}`)).json();
    expect(read).toMatchObject({ displayName: 'Lager Nord-Ost', members: [] });
    expect(await openTasks(tom.id, unitCourse)).toBe(0);
    await expectNothingLeftToSync();
    const audits = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_entry WHERE entity_uuid = $1 ORDER BY id`,
      [group.id],
    );
    expect(audits.map((row) => row.action).sort()).toEqual([
      'org-unit.add-member',
      'org-unit.add-member',
      'org-unit.create',
      'org-unit.remove-member',
      'org-unit.remove-member',
      'org-unit.update',
    ]);

    // Found by name (Entra matches so before it creates); a second create of the name is refused.
    const found = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "Lager Nord-Ost"')}&excludedAttributes=members`,
    );
    expect(found.json().totalResults).toBe(1);
    expect(found.json().Resources[0].members).toBeUndefined();
    expectScimError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Lager Nord-Ost' }),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${group.id}`, {
        Operations: [{ op: 'add', path: 'members', value: [{ value: crypto.randomUUID() }] }],
      }),
      400,
      'invalidValue',
    );
    // Another client's token: not found.
    expectScimError(await scim('GET', `/Groups/${group.id}`, undefined, {}, globexToken), 404);
    // Gone with DELETE.
    expect((await scim('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    expect(await server.db.query('SELECT 1 FROM org_unit WHERE uuid = $1', [group.id])).toHaveLength(0);
  });
});

describe('Groups as member groups', () => {
  it('matches the dashboard’s member groups by name and keeps their members; creating one is the dashboard’s', async () => {
    const switched = await superAdmin.post('/api/clientdetails/update-scim', { groupTarget: 'member-groups' });
    expect(switched.json().groupTarget).toBe('member-groups');
    try {
      const seeded = await one<{ uuid: string; name: string }>(
        'SELECT uuid, name FROM member_group WHERE client_uuid = $1 ORDER BY name LIMIT 1',
        [acme],
      );
      const found = (
        await scim('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${seeded.name}"`)}`)
      ).json();
      expect(found.Resources[0].id).toBe(seeded.uuid);
      const user = await createUser('first.aider');
      const patched = await scim('PATCH', `/Groups/${seeded.uuid}`, {
        schemas: [PATCH],
        Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: 'Barbara Jensen' }] }],
      });
      expect(patched.statusCode, patched.body).toBe(204);
      expect(
        await server.db.query('SELECT 1 FROM member_group_member WHERE member_group_uuid = $1 AND member_uuid = $2', [
          seeded.uuid,
          user.id,
        ]),
      ).toHaveLength(1);
      expect((await scim('GET', `/Users/${user.id}`)).json().groups).toEqual([
        expect.objectContaining({ value: seeded.uuid, display: seeded.name }),
      ]);
      expectScimError(
        await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Neue Gruppe' }),
        400,
        'mutability',
      );
      expect(await server.db.query(`SELECT 1 FROM member_group WHERE name = 'Neue Gruppe'`)).toHaveLength(0);
    } finally {
      await superAdmin.post('/api/clientdetails/update-scim', { groupTarget: 'org-units' });
    }
  });
});
