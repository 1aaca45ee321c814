/**
 * Licensee staff (licensee console): the staff page's rules (list, create with a welcome mail, role, deactivate and
 * reactivate, the last active licensee admin kept also under concurrent changes, no self-deactivation, every change
 * in the licensee's audit), the staff members' forgotten password (the members' rules: hashed token, single use,
 * expiry, 10-minute rule, no account enumeration), and support sessions ended early (by the adviser from the banner,
 * by a licensee admin from the console: invalid at once, the record says when and by whom).
 */
import { hashPassword } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashResetToken } from '../src/modules/auth/passwordReset';
import { type Agent, createTestServer, DEMO_PASSWORD, expectError, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;
let acmeUuid: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  const [acme] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acmeUuid = acme?.uuid ?? '';
});

afterAll(async () => {
  await server?.close();
});

interface Staff {
  uuid: string;
  username: string;
  role: string;
  active: boolean;
  hasPassword: boolean;
}

async function staffList(agent: Agent, filter: Record<string, unknown> = {}): Promise<Staff[]> {
  const response = await agent.post('/api/licensee/staff/list', { perPage: 100, filter });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Staff[] }).items;
}

async function staffUuid(username: string): Promise<string> {
  const [row] = await server.db.query<{ uuid: string }>('SELECT uuid FROM licensee_staff WHERE username = $1', [
    username,
  ]);
  return row?.uuid ?? '';
}

/** The newest mail to `to` in the outbox (no SMTP_URL in the API tests), and the set-password token in its link. */
async function latestMail(to: string): Promise<{ subject: string; text: string; token: string } | undefined> {
  const [mail] = await server.db.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  if (!mail) return undefined;
  const token = /\/auth\/licensee\/reset-password\/([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
  return { subject: mail.subject, text: mail.text_body, token };
}

const passwordBody = (token: string, password: string) => ({
  token,
  password: hashPassword(password),
  passwordConfirmation: hashPassword(password),
});

let created = 0;
async function createStaff(role: 'licensee-admin' | 'support-adviser', language = 'de_DE') {
  created += 1;
  const body = {
    firstName: 'Nina',
    lastName: `Neu${created}`,
    email: `nina${created}@dashboard.example.com`,
    username: `nina.${created}`,
    role,
    language,
  };
  const response = await admin.post('/api/licensee/staff/create', body);
  expect(response.statusCode, response.body).toBe(200);
  return { ...body, uuid: (response.json() as { uuid: string }).uuid };
}

/** A staff member with a password (through the welcome mail's link) and a console session. */
async function createSignedInStaff(role: 'licensee-admin' | 'support-adviser') {
  const staff = await createStaff(role);
  const mail = await latestMail(staff.email);
  const agent = await server.anonymous();
  expect(
    (await agent.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', DEMO_PASSWORD))).statusCode,
  ).toBe(200);
  return { ...staff, agent };
}

async function auditEntries(action: string) {
  const response = await admin.post('/api/licensee/audit/list', { perPage: 100, filter: { action } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<{ staffName: string; before: unknown; after: unknown }> }).items;
}

describe('staff management', () => {
  it("lists the licensee's own staff only, to licensee admins only", async () => {
    const names = (await staffList(admin)).map((staff) => staff.username);
    expect(names).toEqual(expect.arrayContaining(['lizenz.admin', 'berater']));
    expect(names).not.toContain('partner.admin');
    expect(names).not.toContain('adviser');
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    const partnerNames = (await staffList(partner)).map((staff) => staff.username);
    expect(partnerNames.sort()).toEqual(['adviser', 'partner.admin']);
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    expectError(await adviser.post('/api/licensee/staff/list', {}), 403, 'Auth.Forbidden');
    expectError(
      await adviser.post('/api/licensee/staff/create', {
        firstName: 'X',
        lastName: 'Y',
        email: 'x@y.example',
        username: 'xy.z',
        role: 'licensee-admin',
        language: 'de_DE',
      }),
      403,
      'Auth.Forbidden',
    );
  });

  it('creates a staff member who gets the welcome mail, sets a password with its link once and signs in', async () => {
    const staff = await createStaff('support-adviser', 'en_GB');
    const listed = (await staffList(admin)).find((row) => row.uuid === staff.uuid);
    expect(listed).toMatchObject({ role: 'support-adviser', active: true, hasPassword: false });
    const mail = await latestMail(staff.email);
    expect(mail?.subject).toBe('Welcome to Dashboard');
    expect(mail?.text).toContain('Licensee ID: dashboard');
    expect(mail?.text).toContain(`Username: ${staff.username}`);
    expect(mail?.text).toMatch(/Sign in: http:\/\/[^/]+\/auth\/licensee\n/);
    // Only the token's SHA-256 is stored.
    const stored = await server.db.query<{ token_hash: string; purpose: string }>(
      'SELECT token_hash, purpose FROM password_reset_token WHERE staff_uuid = $1',
      [staff.uuid],
    );
    expect(stored).toEqual([{ token_hash: hashResetToken(mail?.token ?? ''), purpose: 'welcome' }]);
    expect(JSON.stringify(stored)).not.toContain(mail?.token);
    // A staff member's token is not a member's link, nor the other way round.
    const browser = await server.anonymous();
    expectError(
      await browser.post('/api/resetpassword', passwordBody(mail?.token ?? '', 'Neu#Start2026')),
      400,
      'PasswordResetToken.NotFound',
    );
    const set = await browser.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', 'Neu#Start2026'));
    expect(set.statusCode, set.body).toBe(200);
    expect(browser.session?.startsWith('lic.')).toBe(true);
    const state = await browser.get('/api/licensee/state');
    expect((state.json() as { staff: { username: string } }).staff.username).toBe(staff.username);
    // Single use.
    expectError(
      await (await server.anonymous()).post(
        '/api/licensee/resetpassword',
        passwordBody(mail?.token ?? '', 'Other#Pass2026'),
      ),
      400,
      'PasswordResetToken.NotFound',
    );
    expect((await server.anonymous()).licenseeLogin).toBeDefined();
    const signIn = await (await server.anonymous()).licenseeLogin('dashboard', staff.username, 'Neu#Start2026');
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Who created whom, in the licensee's audit.
    const [entry] = await auditEntries('staff.create');
    expect(entry).toMatchObject({
      staffName: 'Lena Lizenz',
      before: null,
      after: { staff: { uuid: staff.uuid, username: staff.username }, role: 'support-adviser', email: staff.email },
    });
    // A username is taken once per licensee.
    expectError(
      await admin.post('/api/licensee/staff/create', {
        ...staff,
        uuid: undefined,
        email: 'other@dashboard.example.com',
      }),
      409,
      'Username.AlreadyExists',
    );
  });

  it('changes roles with before and after in the audit, and never leaves the licensee without an active admin', async () => {
    const adminUuid = await staffUuid('lizenz.admin');
    expectError(
      await admin.post('/api/licensee/staff/set-role', { uuid: adminUuid, role: 'support-adviser' }),
      409,
      'Staff.LastAdmin',
    );
    const second = await createSignedInStaff('support-adviser');
    const promoted = await admin.post('/api/licensee/staff/set-role', { uuid: second.uuid, role: 'licensee-admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'licensee-admin' });
    const [entry] = await auditEntries('staff.role');
    expect(entry).toMatchObject({
      before: { staff: { uuid: second.uuid }, role: 'support-adviser' },
      after: { staff: { uuid: second.uuid }, role: 'licensee-admin' },
    });
    // The promoted staff member's permissions follow at his next call.
    expect((await second.agent.post('/api/licensee/staff/list', {})).statusCode).toBe(200);
    // With two admins one may go; then the other is the last one again.
    expect(
      (await second.agent.post('/api/licensee/staff/set-role', { uuid: second.uuid, role: 'support-adviser' }))
        .statusCode,
    ).toBe(200);
    expectError(await second.agent.post('/api/licensee/staff/list', {}), 403, 'Auth.Forbidden');
    expectError(
      await admin.post('/api/licensee/staff/set-status', { uuid: adminUuid, active: false }),
      409,
      'Staff.SelfDeactivation',
    );
  });

  it("deactivates (the staff member's sessions end, sign-in refused) and reactivates, both in the audit", async () => {
    const adviser = await createSignedInStaff('support-adviser');
    expect((await adviser.agent.get('/api/licensee/state')).statusCode).toBe(200);
    const off = await admin.post('/api/licensee/staff/set-status', { uuid: adviser.uuid, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expectError(await adviser.agent.get('/api/licensee/state'), 401, 'Auth.Unauthorized');
    expectError(
      await (await server.anonymous()).licenseeLogin('dashboard', adviser.username),
      403,
      'Login.Deactivated',
    );
    expect((await staffList(admin, { status: 'inactive' })).map((row) => row.uuid)).toContain(adviser.uuid);
    const on = await admin.post('/api/licensee/staff/set-status', { uuid: adviser.uuid, active: true });
    expect(on.json()).toMatchObject({ active: true });
    expect((await server.anonymous()).licenseeLogin).toBeDefined();
    expect((await (await server.anonymous()).licenseeLogin('dashboard', adviser.username)).statusCode).toBe(200);
    expect((await auditEntries('staff.deactivate'))[0]).toMatchObject({
      before: { staff: { uuid: adviser.uuid }, active: true },
      after: { active: false },
    });
    expect((await auditEntries('staff.reactivate'))[0]).toMatchObject({ after: { active: true } });
  });

  // On PGlite transactions take turns anyway; on PostgreSQL (DATABASE_URL, CI's second API run) this fails without the
  // row lock of lockActiveAdmins (staff.ts): both transactions count two admins and both go through.
  it('keeps an active admin when two admins take each other away at the same moment', async () => {
    const adminUuid = await staffUuid('lizenz.admin');
    for (let round = 0; round < 6; round += 1) {
      const other = await createSignedInStaff('licensee-admin');
      const deactivate = round % 2 === 0;
      const [first, second] = await Promise.all([
        deactivate
          ? admin.post('/api/licensee/staff/set-status', { uuid: other.uuid, active: false })
          : admin.post('/api/licensee/staff/set-role', { uuid: other.uuid, role: 'support-adviser' }),
        deactivate
          ? other.agent.post('/api/licensee/staff/set-status', { uuid: adminUuid, active: false })
          : other.agent.post('/api/licensee/staff/set-role', { uuid: adminUuid, role: 'support-adviser' }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // One goes through; the other is refused as the last admin (or, when it came second, by its caller's lost
      // rights: 401/403 are no change either).
      expect(statuses[0], `${first.body} ${second.body}`).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      const [left] = await server.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM licensee_staff st JOIN licensee l ON l.uuid = st.licensee_uuid
          WHERE l.identifier = 'dashboard' AND st.role = 'licensee-admin' AND st.status = 'active'`,
      );
      expect(left?.count).toBe(1);
      // Back to lizenz.admin as the one admin, for the next round and the other tests.
      await server.db.query("UPDATE licensee_staff SET role = 'licensee-admin', status = 'active' WHERE uuid = $1", [
        adminUuid,
      ]);
      await server.db.query("UPDATE licensee_staff SET status = 'inactive' WHERE uuid = $1", [other.uuid]);
      if ((await admin.get('/api/licensee/state')).statusCode !== 200) {
        admin = await server.licenseeLogin('dashboard', 'lizenz.admin');
      }
    }
  });
});

describe("licensee staff's forgotten password", () => {
  it('mails a reset link to a real account only, answering the same for every name, once per 10 minutes', async () => {
    const staff = await createSignedInStaff('support-adviser');
    const before = await server.db.query('SELECT id FROM mail_outbox');
    const browser = await server.anonymous();
    const real = await browser.post('/api/licensee/createpasswordresettoken', {
      licenseeIdentifier: 'dashboard',
      username: staff.username,
    });
    const unknown = await browser.post('/api/licensee/createpasswordresettoken', {
      licenseeIdentifier: 'dashboard',
      username: 'niemand.hier',
    });
    expect(real.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(real.body).toBe(unknown.body);
    const after = await server.db.query<{ recipient: string; subject: string }>(
      'SELECT recipient, subject FROM mail_outbox WHERE id > $1',
      [Math.max(0, ...before.map((row) => Number((row as { id: string }).id)))],
    );
    expect(after.map((row) => row.recipient)).toEqual([staff.email]);
    expect(after[0]?.subject).toBe('Dashboard: Passwort zurücksetzen');
    // Another licensee's staff at this host: no mail; the same answer.
    expect(
      (
        await browser.post('/api/licensee/createpasswordresettoken', {
          licenseeIdentifier: 'safeguard',
          username: 'partner.admin',
        })
      ).statusCode,
    ).toBe(200);
    expect(await latestMail('partner.admin@safeguard.example.com')).toBeUndefined();
    // The 10-minute rule, for real and made-up names alike.
    for (const username of [staff.username, 'niemand.hier']) {
      expectError(
        await browser.post('/api/licensee/createpasswordresettoken', { licenseeIdentifier: 'dashboard', username }),
        400,
        'Client.InvalidLastResetDate',
      );
    }

    const mail = await latestMail(staff.email);
    // The current password is refused as the new one; the link stays usable.
    expectError(
      await browser.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', DEMO_PASSWORD)),
      400,
      'Password.AlreadyUsed',
    );
    const reset = await browser.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', 'Neu#Reset2026'));
    expect(reset.statusCode, reset.body).toBe(200);
    // The staff member's other console sessions ended with the new password.
    expectError(await staff.agent.get('/api/licensee/state'), 401, 'Auth.Unauthorized');
    expectError(
      await browser.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', 'Neu#Reset2027')),
      400,
      'PasswordResetToken.NotFound',
    );
  });

  it('refuses an expired link and a deactivated staff member', async () => {
    const staff = await createStaff('support-adviser');
    const mail = await latestMail(staff.email);
    await server.db.query(
      "UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashResetToken(mail?.token ?? '')],
    );
    const browser = await server.anonymous();
    expectError(
      await browser.post('/api/licensee/resetpassword', passwordBody(mail?.token ?? '', 'Neu#Reset2026')),
      400,
      'PasswordResetToken.TooOld',
    );
    const other = await createStaff('support-adviser');
    const otherMail = await latestMail(other.email);
    expect((await admin.post('/api/licensee/staff/set-status', { uuid: other.uuid, active: false })).statusCode).toBe(
      200,
    );
    expectError(
      await browser.post('/api/licensee/resetpassword', passwordBody(otherMail?.token ?? '', 'Neu#Reset2026')),
      403,
      'Login.Deactivated',
    );
    expect(browser.session).toBeUndefined();
  });
});

interface SupportSessionItem {
  uuid: string;
  adviser: string;
  running: boolean;
  endedAt: string | null;
  endedBy: string | null;
}

/** An adviser in support mode in acme: the browser followed the console's link. */
async function adviserInSupportMode() {
  const adviser = await server.licenseeLogin('dashboard', 'berater');
  const opened = await adviser.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 4711' });
  expect(opened.statusCode, opened.body).toBe(200);
  const token = (opened.json() as { redirectTo: string }).redirectTo.split('/').pop() ?? '';
  expect((await adviser.post('/api/support-login', { token })).statusCode).toBe(200);
  const [record] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM licensee_support_session ORDER BY started_at DESC, uuid LIMIT 1',
  );
  return { adviser, sessionUuid: record?.uuid ?? '', token };
}

async function supportSession(uuid: string): Promise<SupportSessionItem | undefined> {
  const response = await admin.post('/api/licensee/support/sessions', { perPage: 100 });
  return (response.json() as { items: SupportSessionItem[] }).items.find((item) => item.uuid === uuid);
}

describe('support sessions ended early', () => {
  it('the adviser ends his session from the banner: back in the console, the support session gone at once', async () => {
    const { adviser, sessionUuid } = await adviserInSupportMode();
    const supportCookie = adviser.session ?? '';
    expect((await adviser.get('/api/member/state')).statusCode).toBe(200);
    // Without the XSRF header nothing ends.
    expectError(
      await adviser.request({ method: 'POST', url: '/api/support/end', body: {}, omitXsrfHeader: true }),
      403,
      'Csrf.Invalid',
    );
    expect((await supportSession(sessionUuid))?.running).toBe(true);
    const ended = await adviser.post('/api/support/end', {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ redirectTo: '/dashboard/licensee/support-sessions' });
    // Signed in to the console again as himself.
    expect(adviser.session?.startsWith('lic.')).toBe(true);
    const state = await adviser.get('/api/licensee/state');
    expect((state.json() as { staff: { username: string } }).staff.username).toBe('berater');
    // The support session's cookie no longer works.
    const stale = server.agent({ cookies: { SESSION: supportCookie } });
    expectError(await stale.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expect(await supportSession(sessionUuid)).toMatchObject({ running: false, endedBy: 'Bernd Berater' });
    expect((await supportSession(sessionUuid))?.endedAt).not.toBeNull();
    expect((await auditEntries('support.end'))[0]).toMatchObject({
      staffName: 'Bernd Berater',
      after: { running: false, endedBy: 'Bernd Berater' },
    });
    // The client's support audit has the end.
    const logged = await server.db.query<{ action: string }>(
      'SELECT action FROM support_audit_log WHERE support_session_uuid = $1 ORDER BY id DESC LIMIT 1',
      [sessionUuid],
    );
    expect(logged[0]?.action).toBe('supportEnd');
    // Signed out or in a plain member session, nothing ends.
    const member = await server.login('acme', 'member');
    expect((await member.post('/api/support/end', {})).json()).toEqual({ redirectTo: null });
    expect((await member.get('/api/member/state')).statusCode).toBe(200);
  });

  it("a licensee admin ends an adviser's running session: the adviser's next call answers 401", async () => {
    const { adviser, sessionUuid } = await adviserInSupportMode();
    const advisersConsole = await server.licenseeLogin('dashboard', 'berater');
    expectError(await advisersConsole.post('/api/licensee/support/end', { uuid: sessionUuid }), 403, 'Auth.Forbidden');
    const ended = await admin.post('/api/licensee/support/end', { uuid: sessionUuid });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ uuid: sessionUuid, running: false, endedBy: 'Lena Lizenz' });
    expectError(await adviser.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expectError(await adviser.post('/api/memberlist/getlist', {}), 401, 'Auth.Unauthorized');
    expectError(await admin.post('/api/licensee/support/end', { uuid: sessionUuid }), 409, 'SupportSession.NotRunning');
    // Another licensee's admin cannot see or end it.
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    expectError(await partner.post('/api/licensee/support/end', { uuid: sessionUuid }), 404, 'SupportSession.NotFound');
  });

  it('a support link whose session was ended before it was followed is refused', async () => {
    const adviser = await server.licenseeLogin('dashboard', 'berater');
    const opened = await adviser.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 815' });
    const token = (opened.json() as { redirectTo: string }).redirectTo.split('/').pop() ?? '';
    const [record] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM licensee_support_session ORDER BY started_at DESC, uuid LIMIT 1',
    );
    expect((await admin.post('/api/licensee/support/end', { uuid: record?.uuid })).statusCode).toBe(200);
    expectError(await adviser.post('/api/support-login', { token }), 403, 'SupportSession.NotRunning');
  });

  it('deactivating an adviser ends his running support sessions', async () => {
    const staff = await createSignedInStaff('support-adviser');
    const opened = await staff.agent.post('/api/licensee/support/open', { uuid: acmeUuid, reason: 'Ticket 99' });
    const token = (opened.json() as { redirectTo: string }).redirectTo.split('/').pop() ?? '';
    expect((await staff.agent.post('/api/support-login', { token })).statusCode).toBe(200);
    expect((await admin.post('/api/licensee/staff/set-status', { uuid: staff.uuid, active: false })).statusCode).toBe(
      200,
    );
    expectError(await staff.agent.get('/api/member/state'), 401, 'Auth.Unauthorized');
  });
});
