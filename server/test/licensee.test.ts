/**
 * The licensee console's rules beyond the authorisation matrix: licensee staff sign-in (host, lock-out, one kind of
 * session at a time), creating a client whose first super-admin signs in through the welcome mail, the list's search,
 * sort, pages and status filter, member limits, and deactivation (its members' sign-in refused, nothing deleted).
 */
import { hashPassword } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS } from '../src/modules/auth/loginAttempts';
import { ClientDirectory, listClients, MemberCounts } from '../src/modules/licensee/clientList';
import { type Agent, createTestServer, DEMO_PASSWORD, expectError, type TestServer } from './helpers';
import { memberCreateBody } from './memberBody';

let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.licenseeLogin('dashboard', 'lizenz.admin');
});

afterAll(async () => {
  await server?.close();
});

const NEW_CLIENT = {
  name: 'Neue Werke GmbH',
  street: 'Werkstraße 1',
  additional: null,
  postalCode: '1010',
  city: 'Wien',
  country: 'AT',
  homepage: 'https://werke.example',
  maxMembers: 3,
  featureFlags: { elearnings: true, riskAssessments: false, templates: true, calendar: false },
};
const SUPER_ADMIN = {
  firstName: 'Wanda',
  lastName: 'Werner',
  email: 'wanda.werner@werke.example',
  username: 'wanda.werner',
  language: 'de_DE',
};

async function createClient(agent: Agent, clientIdentifier: string, overrides: Record<string, unknown> = {}) {
  return agent.post('/api/licensee/client/create', {
    ...NEW_CLIENT,
    clientIdentifier,
    superAdmin: { ...SUPER_ADMIN, email: `admin@${clientIdentifier}.example` },
    ...overrides,
  });
}

interface ListAnswer {
  items: Array<{ clientIdentifier: string; name: string; active: boolean; memberCount: number }>;
  total: number;
}

async function list(agent: Agent, body: Record<string, unknown>): Promise<ListAnswer> {
  const response = await agent.post('/api/licensee/client/list', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListAnswer;
}

describe('licensee staff sign-in', () => {
  it('signs in with licensee identifier, username and the SHA-256 of the password; the state names staff and licensee', async () => {
    const state = await admin.get('/api/licensee/state');
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({
      staff: { username: 'lizenz.admin', firstName: 'Lena', roleIdentifier: 'licensee-admin' },
      licensee: { identifier: 'dashboard', name: 'Dashboard' },
    });
    expect(admin.session?.startsWith('lic.')).toBe(true);
    const stored = await server.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM licensee_staff WHERE username = 'lizenz.admin'",
    );
    expect(stored[0]?.password_hash).toMatch(/^scrypt\$/);
    // The plain password is no valid request.
    const agent = await server.anonymous();
    expectError(
      await agent.post('/api/licensee/login', {
        licenseeIdentifier: 'dashboard',
        username: 'lizenz.admin',
        password: DEMO_PASSWORD,
      }),
      400,
      'Schema.ValidationFailed',
    );
  });

  it("refuses a wrong password, an unknown name, and a licensee other than the host's alike (401 Login.Failed)", async () => {
    const agent = await server.anonymous();
    expectError(await agent.licenseeLogin('dashboard', 'lizenz.admin', 'Wrong#2026'), 401, 'Login.Failed');
    expectError(await agent.licenseeLogin('dashboard', 'nobody'), 401, 'Login.Failed');
    // The partner's staff sign in at the partner's host name only, as its clients' members do.
    expectError(await agent.licenseeLogin('safeguard', 'partner.admin'), 401, 'Login.Failed');
    // A member's company ID and username are no licensee staff account.
    expectError(await agent.licenseeLogin('acme', 'admin'), 401, 'Login.Failed');
    const partner = await server.anonymous({ host: 'partner.localhost' });
    expect((await partner.licenseeLogin('safeguard', 'partner.admin')).statusCode).toBe(200);
  });

  it(`locks a licensee account after ${MAX_FAILED_LOGINS} failures (429 Login.TooManyAttempts), counted for made-up names too`, async () => {
    const agent = await server.anonymous();
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt++) {
      expectError(await agent.licenseeLogin('dashboard', 'berater', 'Wrong#2026'), 401, 'Login.Failed');
    }
    expectError(await agent.licenseeLogin('dashboard', 'berater'), 429, 'Login.TooManyAttempts');
    // The member with the same username of a client called like the licensee is not locked (another count).
    const rows = await server.db.query<{ client_identifier: string }>(
      "SELECT client_identifier FROM login_attempt WHERE username = 'berater'",
    );
    expect(rows.map((row) => row.client_identifier)).toEqual(['licensee:dashboard']);
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt++) await agent.licenseeLogin('dashboard', 'ghost');
    expectError(await agent.licenseeLogin('dashboard', 'ghost'), 429, 'Login.TooManyAttempts');
    await server.db.query('DELETE FROM login_attempt');
  });

  it('holds one sign-in per browser: a licensee sign-in ends the member session of its cookie, and back', async () => {
    const agent = await server.login('acme', 'admin');
    const memberToken = agent.session;
    expect((await agent.licenseeLogin('dashboard', 'lizenz.admin')).statusCode).toBe(200);
    expect(agent.session).not.toBe(memberToken);
    const stale = server.agent({ cookies: { SESSION: memberToken ?? '' } });
    expectError(await stale.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expectError(await agent.get('/api/member/state'), 401, 'Auth.Unauthorized');
    const licenseeToken = agent.session;
    expect((await agent.login('acme', 'admin')).statusCode).toBe(200);
    expectError(
      await server.agent({ cookies: { SESSION: licenseeToken ?? '' } }).get('/api/licensee/state'),
      401,
      'Auth.Unauthorized',
    );
  });

  it('signs out with the platform logout, which deletes the licensee session', async () => {
    const agent = await server.licenseeLogin('dashboard', 'berater');
    const token = agent.session ?? '';
    expect((await agent.get('/api/logout')).statusCode).toBe(200);
    expectError(
      await server.agent({ cookies: { SESSION: token } }).get('/api/licensee/state'),
      401,
      'Auth.Unauthorized',
    );
    expect(
      await server.db.query(
        "SELECT 1 FROM licensee_session s JOIN licensee_staff st ON st.uuid = s.staff_uuid WHERE st.username = 'berater'",
      ),
    ).toHaveLength(0);
  });

  it('refuses an inactive staff member after the password matched, and ends his sessions at once', async () => {
    const agent = await server.licenseeLogin('dashboard', 'berater');
    await server.db.query("UPDATE licensee_staff SET status = 'inactive' WHERE username = 'berater'");
    try {
      expectError(await agent.get('/api/licensee/state'), 401, 'Auth.Unauthorized');
      expectError(await (await server.anonymous()).licenseeLogin('dashboard', 'berater'), 403, 'Login.Deactivated');
    } finally {
      await server.db.query("UPDATE licensee_staff SET status = 'active' WHERE username = 'berater'");
    }
  });
});

describe('creating a client', () => {
  it('creates the client with its root org unit and a super-admin who sets his password from the welcome mail', async () => {
    const response = await createClient(admin, 'neue-werke');
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json() as { uuid: string; superAdminUuid: string; welcomeMailSent: boolean };
    expect(created.welcomeMailSent).toBe(true);

    const details = await admin.post('/api/licensee/client/details', { uuid: created.uuid });
    expect(details.json()).toMatchObject({
      clientIdentifier: 'neue-werke',
      name: 'Neue Werke GmbH',
      country: 'AT',
      postalCode: '1010',
      maxMembers: 3,
      featureFlags: NEW_CLIENT.featureFlags,
      active: true,
      memberCount: 1,
    });
    const roots = await server.db.query('SELECT 1 FROM org_unit WHERE client_uuid = $1 AND is_root AND is_default', [
      created.uuid,
    ]);
    expect(roots).toHaveLength(1);

    const [mail] = await server.db.query<{ text_body: string; subject: string }>(
      'SELECT text_body, subject FROM mail_outbox WHERE recipient = $1',
      ['admin@neue-werke.example'],
    );
    expect(mail?.text_body).toContain('/auth/login/neue-werke');
    const token = /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const member = await server.anonymous();
    const password = hashPassword('Neu#Start2026');
    const set = await member.post('/api/resetpassword', { token, password, passwordConfirmation: password });
    expect(set.statusCode, set.body).toBe(200);
    const state = (await member.get('/api/member/state')).json() as {
      member: { roleIdentifier: string };
      featureFlags: Record<string, boolean>;
      clientIdentifier: string;
    };
    expect(state.member.roleIdentifier).toBe('super-admin');
    expect(state.clientIdentifier).toBe('neue-werke');
    expect(state.featureFlags.elearnings).toBe(true);
    expect(state.featureFlags.riskAssessments).toBe(false);
  });

  it('answers the spec\'s "identifier exists" and "invalid" for the company ID, and changes nothing then', async () => {
    const before = await server.db.query('SELECT count(*)::int AS count FROM client');
    expectError(await createClient(admin, 'acme'), 409, 'Client.IdentifierExists');
    expectError(await createClient(admin, 'initech'), 409, 'Client.IdentifierExists');
    for (const invalid of ['ab', '1werk', 'werk-', 'we--rk', 'werk_1', 'w'.repeat(37)]) {
      expectError(await createClient(admin, invalid), 400, 'Client.Invalid');
    }
    expectError(await createClient(admin, 'werk-plz', { postalCode: '10115' }), 400, 'Client.InvalidPostalCode');
    expect(await server.db.query('SELECT count(*)::int AS count FROM client')).toEqual(before);
  });

  it('lets the partner create a client of its own that the default licensee never sees', async () => {
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    const response = await createClient(partner, 'partner-kunde');
    expect(response.statusCode, response.body).toBe(200);
    const { uuid } = response.json() as { uuid: string };
    const [row] = await server.db.query<{ identifier: string }>(
      "SELECT l.identifier FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid WHERE c.identifier = 'partner-kunde'",
    );
    expect(row?.identifier).toBe('safeguard');
    expectError(await admin.post('/api/licensee/client/details', { uuid }), 404, 'Client.NotFound');
    const mine = await list(admin, { filter: { search: 'kunde' } });
    expect(mine.items.map((item) => item.clientIdentifier)).not.toContain('partner-kunde');
    const theirs = await list(partner, {});
    expect(theirs.items.map((item) => item.clientIdentifier).sort()).toEqual(['initech', 'partner-kunde']);
  });
});

describe('the client list', () => {
  beforeAll(async () => {
    // 30 more clients of the default licensee, two of them deactivated.
    await server.db.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city, deactivated_at, created_at)
       SELECT l.uuid, 'filiale-' || lpad(n::text, 2, '0'), 'Filiale ' || lpad(n::text, 2, '0') || ' KG', 'Köln',
              CASE WHEN n IN (7, 8) THEN now() END, now() - make_interval(days => n)
         FROM licensee l, generate_series(1, 30) AS n WHERE l.identifier = 'dashboard'`,
    );
  });

  it('searches name and company ID, case-insensitively, taking % and _ literally', async () => {
    expect((await list(admin, { filter: { search: 'ACME' } })).items.map((item) => item.clientIdentifier)).toEqual([
      'acme',
    ]);
    expect((await list(admin, { filter: { search: 'logistik' } })).items.map((item) => item.name)).toEqual([
      'Globex Logistik AG',
    ]);
    expect((await list(admin, { filter: { search: 'filiale-1' } })).total).toBe(10);
    expect((await list(admin, { filter: { search: '%' } })).total).toBe(0);
    expect((await list(admin, { filter: { search: '_' } })).total).toBe(0);
  });

  it('sorts and pages in the database', async () => {
    const all = await list(admin, { perPage: 100, sortBy: 'name' });
    const names = all.items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    const byNewest = await list(admin, { sortBy: 'createdAt', sortDirection: 'desc', perPage: 25 });
    expect(byNewest.items[0]?.clientIdentifier).not.toMatch(/^filiale-/);
    const second = await list(admin, { sortBy: 'clientIdentifier', page: 2, perPage: 25 });
    expect(second.total).toBe(all.total);
    expect(second.items).toHaveLength(all.total - 25);
    const first = await list(admin, { sortBy: 'clientIdentifier', page: 1, perPage: 25 });
    const identifiers = [...first.items, ...second.items].map((item) => item.clientIdentifier);
    expect(new Set(identifiers).size).toBe(all.total);
    expect(identifiers).toEqual([...identifiers].sort());
    const pastTheEnd = await list(admin, { sortBy: 'name', page: 9, perPage: 25 });
    expect(pastTheEnd).toEqual({ items: [], total: all.total });
  });

  it("filters by status and counts each client's members that are not archived", async () => {
    const inactive = await list(admin, { filter: { status: 'inactive' } });
    expect(inactive.items.map((item) => item.clientIdentifier)).toEqual(['filiale-07', 'filiale-08']);
    const active = await list(admin, { filter: { status: 'active' }, perPage: 100 });
    expect(active.items.every((item) => item.active)).toBe(true);
    const acme = active.items.find((item) => item.clientIdentifier === 'acme');
    const [count] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.archived_at IS NULL",
    );
    expect(acme?.memberCount).toBe(count?.count);
  });

  it('uses an index of migration 024 for each sort order', async () => {
    for (const order of ['lower(c.name)', 'c.identifier', 'c.created_at']) {
      await server.db.query('SET enable_seqscan = off');
      try {
        const plan = await server.db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT c.uuid FROM client c WHERE c.licensee_uuid = (SELECT uuid FROM licensee WHERE is_default)
            ORDER BY ${order}, c.uuid LIMIT 25`,
        );
        expect(plan.map((row) => row['QUERY PLAN']).join('\n'), order).toMatch(/client_licensee_/);
      } finally {
        await server.db.query('RESET enable_seqscan');
      }
    }
  });
});

describe('the client list kept in memory (modules/licensee/clientList.ts)', () => {
  const SORT_COLUMNS = { name: 'lower(c.name)', clientIdentifier: 'c.identifier', createdAt: 'c.created_at' };

  /** The page and total as the database computes them, with the statement the list ran before it kept clients. */
  async function fromDatabase(body: {
    search?: string;
    status: 'all' | 'active' | 'inactive';
    sortBy: keyof typeof SORT_COLUMNS;
    sortDirection: 'asc' | 'desc';
    page: number;
    perPage: number;
  }) {
    const params: unknown[] = [];
    let where = 'c.licensee_uuid = (SELECT uuid FROM licensee WHERE is_default)';
    if (body.search) {
      params.push(`%${body.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      where += ` AND c.search_text LIKE lower($${params.length})`;
    }
    if (body.status !== 'all') where += ` AND c.deactivated_at IS ${body.status === 'active' ? '' : 'NOT '}NULL`;
    const direction = body.sortDirection.toUpperCase();
    const rows = await server.db.query<{ identifier: string; member_count: number }>(
      `SELECT c.identifier,
              (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS member_count
         FROM client c WHERE ${where}
        ORDER BY ${SORT_COLUMNS[body.sortBy]} ${direction}, c.uuid ${direction}
        LIMIT ${body.perPage} OFFSET ${(body.page - 1) * body.perPage}`,
      params,
    );
    const [count] = await server.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM client c WHERE ${where}`,
      params,
    );
    return { identifiers: rows.map((row) => `${row.identifier}:${row.member_count}`), total: count?.total };
  }

  async function expectSameAsDatabase(searches: Array<string | undefined>) {
    const [licensee] = await server.db.query<{ uuid: string }>('SELECT uuid FROM licensee WHERE is_default');
    const licenseeUuid = licensee?.uuid ?? '';
    const fromDatabaseOnly = { directory: new ClientDirectory(0), memberCounts: new MemberCounts() };
    for (const sortBy of ['name', 'clientIdentifier', 'createdAt'] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        for (const status of ['all', 'active', 'inactive'] as const) {
          for (const search of searches) {
            for (const page of [1, 2, 3]) {
              const body = { search, status, sortBy, sortDirection, page, perPage: 25 };
              const answer = await list(admin, {
                filter: { search, status },
                sortBy,
                sortDirection,
                page,
                perPage: 25,
              });
              const expected = await fromDatabase(body);
              expect(
                {
                  identifiers: answer.items.map((item) => `${item.clientIdentifier}:${item.memberCount}`),
                  total: answer.total,
                },
                JSON.stringify(body),
              ).toEqual(expected);
              // The database's own reading, for a licensee too large to keep (a directory that keeps none).
              const read = await listClients(server.db, fromDatabaseOnly, licenseeUuid, '0', {
                filter: { search, status },
                sortBy,
                sortDirection,
                page,
                perPage: 25,
              });
              expect(read.items, JSON.stringify(body)).toEqual(answer.items);
              expect(read.total).toBe(answer.total);
            }
          }
        }
      }
    }
  }

  async function clientListVersion(): Promise<string> {
    const [row] = await server.db.query<{ version: string }>(
      `SELECT coalesce((SELECT version FROM data_version v WHERE v.scope = 'client-list' AND v.key = l.uuid), 0)::text
              AS version FROM licensee l WHERE l.is_default`,
    );
    return row?.version ?? '';
  }

  it('answers every sort, direction, status, search and page exactly as the database', async () => {
    await server.db.query(
      `INSERT INTO client (licensee_uuid, identifier, name, city, created_at)
       SELECT uuid, 'mueller-bau', 'Müller Bau GmbH', 'Graz', now() - interval '40 days' FROM licensee WHERE is_default`,
    );
    await expectSameAsDatabase([undefined, 'fil', 'FILIALE-1', 'mül', 'MÜL', 'gmbh', '%', 'kein treffer']);
  });

  it('shows a change of a client at once, whoever made it, and moves its version only for what the list shows', async () => {
    const before = await clientListVersion();
    // A member added to a client changes its count, not the list's version: the counts are read per page.
    const acme = await server.login('acme', 'admin');
    const created = await acme.post(
      '/api/member/createmember',
      memberCreateBody({ firstName: 'Kurt', lastName: 'Zähler', email: null, username: 'kurt.zaehler' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await clientListVersion()).toBe(before);
    const [acmeCount] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.archived_at IS NULL",
    );
    expect((await list(admin, { filter: { search: 'acme' } })).items[0]?.memberCount).toBe(acmeCount?.count);

    // Changes written by SQL, not through the console, each seen by the next call: a new name, a deactivation, a
    // removed client.
    await list(admin, { filter: { search: 'filiale' } });
    await server.db.query("UPDATE client SET name = 'Zeppelin Filiale 03 KG' WHERE identifier = 'filiale-03'");
    expect((await list(admin, { filter: { search: 'zeppelin' } })).items.map((item) => item.clientIdentifier)).toEqual([
      'filiale-03',
    ]);
    await server.db.query("UPDATE client SET deactivated_at = now() WHERE identifier = 'filiale-04'");
    expect(
      (await list(admin, { filter: { status: 'inactive' } })).items.map((item) => item.clientIdentifier),
    ).toContain('filiale-04');
    expect((await list(admin, { filter: { search: 'müller' } })).total).toBe(1);
    await server.db.query("DELETE FROM client WHERE identifier = 'mueller-bau'");
    expect((await list(admin, { filter: { search: 'müller' } })).total).toBe(0);
    expect(BigInt(await clientListVersion())).toBeGreaterThan(BigInt(before));
    await expectSameAsDatabase([undefined, 'filiale 0']);
    await server.db.query("UPDATE client SET deactivated_at = NULL WHERE identifier = 'filiale-04'");
  });
});

describe('changing a client', () => {
  it('changes master data, member limit and flags; a limit below the members is refused', async () => {
    const [globex] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'globex'");
    const uuid = globex?.uuid ?? '';
    const details = (await admin.post('/api/licensee/client/details', { uuid })).json() as {
      memberCount: number;
    } & Record<string, unknown>;
    const fields = {
      uuid,
      name: 'Globex Logistik AG',
      street: 'Hafenweg 3',
      additional: 'Tor 4',
      postalCode: '20457',
      city: 'Hamburg',
      country: 'DE',
      homepage: null,
      maxMembers: details.memberCount,
      featureFlags: { elearnings: true, riskAssessments: true, templates: false, calendar: false },
    };
    const updated = await admin.post('/api/licensee/client/update', fields);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ additional: 'Tor 4', maxMembers: details.memberCount });
    // The members see the flags at their next call (the session reads them).
    const member = await server.login('globex', 'admin');
    const state = (await member.get('/api/member/state')).json() as { featureFlags: Record<string, boolean> };
    expect(state.featureFlags).toEqual(fields.featureFlags);
    // The existing "max members reached" now holds for globex's admin.
    expectError(
      await admin.post('/api/licensee/client/update', { ...fields, maxMembers: details.memberCount - 1 }),
      409,
      'Client.MaxMembersBelowCount',
    );
    const create = await member.post(
      '/api/member/createmember',
      memberCreateBody({ firstName: 'Zu', lastName: 'Viel', email: null, username: 'zu.viel' }),
    );
    expectError(create, 409, 'Client.MaxMembersReached');
    const support = await server.licenseeLogin('dashboard', 'berater');
    expectError(await support.post('/api/licensee/client/update', fields), 403, 'Auth.Forbidden');
  });

  it("deactivates a client: its members' sign-in is refused with its own message, sessions end, nothing is deleted; reactivation lets them in again", async () => {
    const [acme] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
    const uuid = acme?.uuid ?? '';
    const counts = () =>
      server.db.query(
        `SELECT (SELECT count(*) FROM member WHERE client_uuid = $1)::int AS members,
                (SELECT count(*) FROM org_unit WHERE client_uuid = $1)::int AS units,
                (SELECT count(*) FROM elearning_task WHERE client_uuid = $1)::int AS tasks`,
        [uuid],
      );
    const before = await counts();
    const member = await server.login('acme', 'member');
    const off = await admin.post('/api/licensee/client/set-status', { uuid, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expectError(await member.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expectError(await (await server.anonymous()).login('acme', 'member'), 403, 'Login.ClientDeactivated');
    // A wrong password still says only "failed": the company's state is not told to strangers.
    expectError(await (await server.anonymous()).login('acme', 'member', 'Wrong#2026'), 401, 'Login.Failed');
    expect((await list(admin, { filter: { search: 'acme', status: 'inactive' } })).total).toBe(1);
    expect(await counts()).toEqual(before);

    const on = await admin.post('/api/licensee/client/set-status', { uuid, active: true });
    expect(on.json()).toMatchObject({ active: true, deactivatedAt: null });
    expect((await (await server.anonymous()).login('acme', 'member')).statusCode).toBe(200);
  });
});
