/**
 * Support advisers from the licensee console (a support session under the adviser's own name: reason, fixed end,
 * refused when the client disallows support login, every call in the client's support audit, the licensee's list of
 * its advisers' sessions) and the console's audit of its changes (who, when, before and after; filters; export).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let acmeUuid: string;
let globexUuid: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  const rows = await server.db.query<{ identifier: string; uuid: string }>(
    "SELECT identifier, uuid FROM client WHERE identifier IN ('acme', 'globex')",
  );
  acmeUuid = rows.find((row) => row.identifier === 'acme')?.uuid ?? '';
  globexUuid = rows.find((row) => row.identifier === 'globex')?.uuid ?? '';
});

afterAll(async () => {
  await server?.close();
});

interface MemberState {
  member: { roleIdentifier: string; permissions: string[] };
  support: { adviser: string; reason: string } | null;
}

describe('support mode from the console', () => {
  it("opens the client's dashboard under the adviser's own name with the support role's permissions, for a limited time", async () => {
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    const opened = await adviser.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 4711: Import' });
    expect(opened.statusCode, opened.body).toBe(200);
    const { redirectTo, expiresAt } = opened.json() as { redirectTo: string; expiresAt: string };
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);
    // The browser follows the single-use support link, as for the operators' command-line link.
    expect(redirectTo).toMatch(/^\/auth\/support\/[\w-]+\.[\w-]+$/);
    const token = redirectTo.split('/').pop() ?? '';
    const signedIn = await adviser.post('/api/support-login', { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The cookie now names a member session that ends with the console's session record; the console's has ended.
    expect(adviser.session?.startsWith('lic.')).toBe(false);
    const [row] = await server.db.query<{ ends: number }>(
      'SELECT extract(epoch FROM expires_at)::int AS ends FROM session WHERE support_session_uuid IS NOT NULL',
    );
    expect(Math.abs((row?.ends ?? 0) - Math.floor(Date.parse(expiresAt) / 1000))).toBeLessThanOrEqual(1);
    expectError(
      await (await server.anonymous()).post('/api/support-login', { token }),
      400,
      'SupportLogin.InvalidToken',
    );
    expect(
      (
        await server.db.query(
          "SELECT 1 FROM licensee_session s JOIN licensee_staff st ON st.uuid = s.staff_uuid WHERE st.username = 'berater'",
        )
      ).length,
    ).toBe(0);

    const state = await adviser.get('/api/member/state');
    expect(state.statusCode, state.body).toBe(200);
    const body = state.json() as MemberState;
    expect(body.support).toEqual({ adviser: 'Bernd Berater', reason: 'Ticket 4711: Import' });
    expect(body.member.roleIdentifier).toBe('user');
    expect(body.member.permissions).toContain('member-list.get-list');
    // Not the super-admin's own tasks, profile or settings, and not the company configuration.
    for (const own of [
      'elearning.read-member-tasks',
      'risk-assessment.read-member-tasks',
      'profile.read-member-profile',
      'profile.read-profile-setting',
      'clientdetails.read-configuration',
    ]) {
      expect(body.member.permissions).not.toContain(own);
    }
    expectError(await adviser.get('/api/profile/readprofilesetting'), 403, 'Auth.Forbidden');

    // Every call is recorded under the adviser's name, and counted for the console's session.
    expect((await adviser.post('/api/memberlist/getlist', {})).statusCode).toBe(200);
    const logged = await server.db.query<{ adviser: string; action: string; support_session_uuid: string | null }>(
      'SELECT adviser, action, support_session_uuid FROM support_audit_log WHERE client_uuid = $1 ORDER BY id',
      [acmeUuid],
    );
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['supportLogin', 'memberState']));
    expect(logged.every((row) => row.adviser === 'Bernd Berater' && row.support_session_uuid !== null)).toBe(true);

    // The client's super-admin reads it in the support audit of the company settings.
    const superAdmin = await server.login('acme', 'super.admin');
    const audit = await superAdmin.post('/api/support-audit/list', {});
    expect(audit.statusCode, audit.body).toBe(200);
    const { items } = audit.json() as { items: Array<{ adviser: string; reason: string; action: string }> };
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ adviser: 'Bernd Berater', reason: 'Ticket 4711: Import' });

    // The licensee sees its advisers' sessions, with their calls.
    const sessions = await admin.post('/api/licensee/support/sessions', { sortDirection: 'desc' });
    expect(sessions.statusCode, sessions.body).toBe(200);
    const list = sessions.json() as {
      items: Array<{ clientIdentifier: string; adviser: string; reason: string; callCount: number }>;
      total: number;
    };
    expect(list.items[0]).toMatchObject({
      clientIdentifier: 'acme',
      adviser: 'Bernd Berater',
      reason: 'Ticket 4711: Import',
    });
    expect(list.items[0]?.callCount).toBeGreaterThanOrEqual(3);

    // The end is fixed: a call does not move it, and after it the session is gone.
    const [before] = await server.db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM session WHERE support_session_uuid IS NOT NULL',
    );
    await server.db.query(
      "UPDATE session SET last_seen_at = now() - interval '2 minutes' WHERE support_session_uuid IS NOT NULL",
    );
    expect((await adviser.get('/api/member/state')).statusCode).toBe(200);
    const [after] = await server.db.query<{ expires_at: Date }>(
      'SELECT expires_at FROM session WHERE support_session_uuid IS NOT NULL',
    );
    expect(new Date(String(after?.expires_at)).getTime()).toBe(new Date(String(before?.expires_at)).getTime());
    await server.db.query(
      "UPDATE session SET expires_at = now() - interval '1 second' WHERE support_session_uuid IS NOT NULL",
    );
    expectError(await adviser.get('/api/member/state'), 401, 'Auth.Unauthorized');
  });

  it("requires a reason and refuses a client that disallows support login with the spec's message", async () => {
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expectError(await adviser.post('/api/licensee/support/open', { uuid: globexUuid }), 400, 'Schema.ValidationFailed');
    expectError(
      await adviser.post('/api/licensee/support/open', { uuid: globexUuid, reason: '  ' }),
      400,
      'Schema.ValidationFailed',
    );
    await server.db.query('UPDATE client SET support_login_allowed = false WHERE uuid = $1', [globexUuid]);
    try {
      const before = await server.db.query('SELECT count(*)::int AS n FROM licensee_support_session');
      expectError(
        await adviser.post('/api/licensee/support/open', { uuid: globexUuid, reason: 'Ticket 1' }),
        403,
        'SupportLogin.NotAllowed',
      );
      expect(await server.db.query('SELECT count(*)::int AS n FROM licensee_support_session')).toEqual(before);
      // Still signed in to the console.
      expect((await adviser.get('/api/licensee/state')).statusCode).toBe(200);
    } finally {
      await server.db.query('UPDATE client SET support_login_allowed = true WHERE uuid = $1', [globexUuid]);
    }
  });

  it("refuses another licensee's adviser (as a client that does not exist) and client members", async () => {
    const partnerAdviser = await server.licenseeLogin('safeguard', 'adviser', { host: 'partner.localhost' });
    expectError(
      await partnerAdviser.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 1' }),
      404,
      'Client.NotFound',
    );
    const partnerSessions = await partnerAdviser.post('/api/licensee/support/sessions', {});
    expect((partnerSessions.json() as { items: Array<{ clientIdentifier: string }> }).items).toEqual([]);
    const superAdmin = await server.login('acme', 'super.admin');
    expectError(
      await superAdmin.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 1' }),
      401,
      'Auth.Unauthorized',
    );
  });
});

interface AuditList {
  items: Array<{
    staffName: string;
    action: string;
    clientIdentifier: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;
  total: number;
}

describe('the audit of console changes', () => {
  it('records updates (changed fields only), deactivation and reactivation with who, before and after', async () => {
    const details = (await admin.post('/api/licensee/client/details', { uuid: globexUuid })).json() as Record<
      string,
      unknown
    > & { featureFlags: Record<string, boolean> };
    const fields = {
      uuid: globexUuid,
      name: details.name,
      street: details.street,
      additional: details.additional,
      postalCode: details.postalCode,
      city: details.city,
      country: details.country,
      homepage: details.homepage,
      maxMembers: 500,
      featureFlags: { ...details.featureFlags, riskAssessments: true },
    };
    expect((await admin.post('/api/licensee/client/update', fields)).statusCode).toBe(200);
    // Saved unchanged: no entry.
    expect((await admin.post('/api/licensee/client/update', fields)).statusCode).toBe(200);
    expect((await admin.post('/api/licensee/client/set-status', { uuid: globexUuid, active: false })).statusCode).toBe(
      200,
    );
    expect((await admin.post('/api/licensee/client/set-status', { uuid: globexUuid, active: true })).statusCode).toBe(
      200,
    );

    const answer = await admin.post('/api/licensee/audit/list', {
      filter: { search: 'globex' },
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { items, total } = answer.json() as AuditList;
    expect(total).toBe(3);
    expect(items.map((item) => item.action)).toEqual(['client.reactivate', 'client.deactivate', 'client.update']);
    expect(items[2]).toEqual(
      expect.objectContaining({
        staffName: 'Lena Lizenz',
        clientIdentifier: 'globex',
        before: { maxMembers: details.maxMembers, featureFlags: { riskAssessments: false } },
        after: { maxMembers: 500, featureFlags: { riskAssessments: true } },
      }),
    );
    expect(items[1]).toMatchObject({ before: { active: true }, after: { active: false } });

    const filtered = (
      await admin.post('/api/licensee/audit/list', { filter: { action: 'client.deactivate' } })
    ).json() as AuditList;
    expect(filtered.items.every((item) => item.action === 'client.deactivate')).toBe(true);
    expect(filtered.total).toBeGreaterThanOrEqual(1);
    const future = (
      await admin.post('/api/licensee/audit/list', { filter: { from: '2999-01-01' } })
    ).json() as AuditList;
    expect(future.total).toBe(0);
  });

  it('records a client created, and a failed change records nothing', async () => {
    const created = await admin.post('/api/licensee/client/create', {
      clientIdentifier: 'audit-werke',
      name: 'Audit Werke GmbH',
      street: null,
      additional: null,
      postalCode: null,
      city: null,
      country: 'DE',
      homepage: null,
      maxMembers: null,
      featureFlags: { elearnings: true, riskAssessments: false, templates: false, calendar: false },
      superAdmin: {
        firstName: 'Anna',
        lastName: 'Audit',
        email: 'anna@audit-werke.example',
        username: 'anna.audit',
        language: 'de_DE',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const count = async () =>
      ((await admin.post('/api/licensee/audit/list', { filter: { search: 'audit-werke' } })).json() as AuditList).total;
    expect(await count()).toBe(1);
    const entry = (
      (await admin.post('/api/licensee/audit/list', { filter: { search: 'audit-werke' } })).json() as AuditList
    ).items[0];
    expect(entry).toMatchObject({
      action: 'client.create',
      before: null,
      after: { clientIdentifier: 'audit-werke', name: 'Audit Werke GmbH', superAdmin: { username: 'anna.audit' } },
    });
    const uuid = (created.json() as { uuid: string }).uuid;
    // A change refused by a rule (a postal code not of the country) leaves no entry.
    expectError(
      await admin.post('/api/licensee/client/update', {
        uuid,
        name: 'Audit Werke GmbH',
        street: null,
        additional: null,
        postalCode: '123',
        city: null,
        country: 'DE',
        homepage: null,
        maxMembers: 1,
        featureFlags: { elearnings: false, riskAssessments: false, templates: false, calendar: false },
      }),
      400,
      'Client.InvalidPostalCode',
    );
    expect(await count()).toBe(1);
  });

  it('exports the filtered audit as .xlsx; advisers and other licensees do not read it', async () => {
    const file = await admin.request({
      method: 'POST',
      url: '/api/licensee/audit/export',
      body: { filter: { action: 'client.update' }, language: 'en_GB' },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Staff member', 'Action', 'Company ID']));
    const actions = new Set<string>();
    sheet?.eachRow((row, index) => {
      if (index > 1) actions.add(String(row.getCell(3).value));
    });
    expect([...actions]).toEqual(['Client changed']);

    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expectError(await adviser.post('/api/licensee/audit/list', {}), 403, 'Auth.Forbidden');
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    const theirs = (await partner.post('/api/licensee/audit/list', {})).json() as AuditList;
    expect(theirs.items.some((item) => item.clientIdentifier === 'globex')).toBe(false);
  });
});
