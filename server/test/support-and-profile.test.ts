/** Support login (signed single-use links, audit log) and the profile's security calls. */
import { hashPassword } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePasswordToken } from '../src/modules/auth/passwordReset';
import { createSupportToken, resolveSupportLinkSecret } from '../src/modules/auth/supportLink';
import { type Agent, createTestServer, DEMO_PASSWORD, expectError, memberUuid, type TestServer } from './helpers';

let server: TestServer;
let secret: string;
let ipCounter = 1;
const freshIp = () => `10.1.0.${ipCounter++}`;

beforeAll(async () => {
  server = await createTestServer();
  secret = await resolveSupportLinkSecret(server.db, undefined);
});

afterAll(async () => {
  await server?.close();
});

const link = (client = 'acme', now = Date.now()) =>
  createSupportToken(secret, { client, adviser: 'Erika Muster', reason: 'Ticket 4711' }, now);

async function supportLogin(token: string) {
  const agent = await server.anonymous();
  const response = await agent.request({
    method: 'POST',
    url: '/api/support-login',
    body: { token },
    headers: { 'x-forwarded-for': freshIp() },
  });
  return { agent, response };
}

describe('support login', () => {
  it('signs a customer adviser in with role user, 30-day cookies and the support banner data', async () => {
    const { agent, response } = await supportLogin(link());
    expect(response.statusCode, response.body).toBe(200);
    const cookies = response.cookies as Array<{ name: string; maxAge?: number; httpOnly?: boolean }>;
    const session = cookies.find((cookie) => cookie.name === 'SESSION');
    const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(session?.maxAge).toBe(30 * 24 * 60 * 60);
    expect(session?.httpOnly).toBe(true);
    expect(xsrf?.maxAge).toBe(30 * 24 * 60 * 60);
    const state = (await agent.get('/api/member/state')).json();
    expect(state.member.roleIdentifier).toBe('user');
    expect(state.support).toEqual({ adviser: 'Erika Muster', reason: 'Ticket 4711' });
    // The session is carried by acme's super-admin row.
    expect(state.member.uuid).toBe(await memberUuid(server.db, 'acme', 'super.admin'));
    expect((await agent.post('/api/memberlist/getlist', {})).statusCode).toBe(200);
  });

  it("answers the start page's counts in support mode (role user: only the risk actions are counted)", async () => {
    const { agent } = await supportLogin(link());
    const response = await agent.get('/api/start/read-task-counts');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ elearnings: null, riskAssessments: null });
  });

  it('writes every call of the support session to the audit log, readable by the super-admin only', async () => {
    const { agent } = await supportLogin(link());
    expect((await agent.post('/api/memberlist/getlist', { page: 1 })).statusCode).toBe(200);
    expectError(await agent.post('/api/support-audit/list', {}), 403, 'Auth.Forbidden');
    const rows = await server.db.query<{ adviser: string; reason: string; action: string; status: number }>(
      'SELECT adviser, reason, action, status FROM support_audit_log ORDER BY id',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { adviser: 'Erika Muster', reason: 'Ticket 4711', action: 'supportLogin', status: 200 },
        { adviser: 'Erika Muster', reason: 'Ticket 4711', action: 'memberList', status: 200 },
        { adviser: 'Erika Muster', reason: 'Ticket 4711', action: 'supportAuditList', status: 403 },
      ]),
    );
    const superAdmin = await server.login('acme', 'super.admin');
    const list = await superAdmin.post('/api/support-audit/list', {});
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(rows.length);
    expect(list.json().items[0]).toMatchObject({ adviser: 'Erika Muster', reason: 'Ticket 4711' });
    // Another client sees none of it.
    await server.db.query(
      "UPDATE member SET role = 'super-admin' WHERE username = 'admin' AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'globex')",
    );
    const globex = await server.login('globex', 'admin');
    expect((await globex.post('/api/support-audit/list', {})).json()).toEqual({ items: [], total: 0 });
  });

  it('audits reads, failed calls and the sign-out of a support session, each naming adviser and reason', async () => {
    const token = createSupportToken(secret, { client: 'acme', adviser: 'Rolf Reader', reason: 'Ticket 815' });
    const { agent } = await supportLogin(token);
    expect((await agent.get('/api/member/state')).statusCode).toBe(200);
    // The carrier's own settings are not the adviser's (support role): refused, and audited as refused.
    expectError(await agent.get('/api/profile/readprofilesetting'), 403, 'Auth.Forbidden');
    expectError(await agent.post('/api/memberlist/memberdetails', { uuid: 'nope' }), 400, 'Schema.ValidationFailed');
    expect((await agent.get('/api/logout')).statusCode).toBe(200);
    const rows = await server.db.query<{
      adviser: string;
      reason: string;
      action: string;
      method: string;
      status: number;
    }>(
      "SELECT adviser, reason, action, method, status FROM support_audit_log WHERE adviser = 'Rolf Reader' ORDER BY id",
    );
    expect(rows.map(({ action, method, status }) => `${method} ${action} ${status}`)).toEqual([
      'POST supportLogin 200',
      'GET memberState 200',
      'GET profileReadSetting 403',
      'POST memberDetails 400',
      'GET logout 200',
    ]);
    expect(rows.every((row) => row.reason === 'Ticket 815')).toBe(true);
    // Signed out: the session is gone.
    expectError(await agent.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
  });

  it('works once (SupportLogin.InvalidToken), refuses forged and expired links (SupportLogin.TokenTooOld)', async () => {
    const token = link();
    expect((await supportLogin(token)).response.statusCode).toBe(200);
    expectError((await supportLogin(token)).response, 400, 'SupportLogin.InvalidToken');
    const [payload] = token.split('.');
    expectError((await supportLogin(`${payload}.${'A'.repeat(43)}`)).response, 400, 'SupportLogin.InvalidToken');
    const forged = createSupportToken('another-secret', { client: 'acme', adviser: 'X', reason: 'Y' });
    expectError((await supportLogin(forged)).response, 400, 'SupportLogin.InvalidToken');
    expectError((await supportLogin(link('no-such-client'))).response, 400, 'SupportLogin.InvalidToken');
    const old = link('acme', Date.now() - 16 * 60 * 1000);
    expectError((await supportLogin(old)).response, 400, 'SupportLogin.TokenTooOld');
  });

  it('answers 403 SupportLogin.NotAllowed when the client disallows it, and creates no session', async () => {
    await server.db.query("UPDATE client SET support_login_allowed = false WHERE identifier = 'globex'");
    const before = await server.db.query('SELECT count(*)::int AS n FROM session');
    const { agent, response } = await supportLogin(link('globex'));
    expectError(response, 403, 'SupportLogin.NotAllowed');
    expect(agent.session).toBeUndefined();
    expect(await server.db.query('SELECT count(*)::int AS n FROM session')).toEqual(before);
  });

  it('a support session cannot change the password or username of the member row it rides on', async () => {
    const { agent } = await supportLogin(link());
    const password = hashPassword(DEMO_PASSWORD);
    expectError(
      await agent.post('/api/profile/changepassword', {
        old: password,
        new: hashPassword('Support#2026'),
        newCheck: hashPassword('Support#2026'),
      }),
      403,
      'Auth.Forbidden',
    );
    expectError(
      await agent.post('/api/profile/changeusername', { username: 'super.admin', newUsername: 'hijack', password }),
      403,
      'Auth.Forbidden',
    );
  });
});

describe('support sessions and the member row they ride on', () => {
  it("survive the member's password change and password reset, which end the member's own other sessions", async () => {
    // initech's admin carries support sessions of initech (no super-admin there); nothing else here uses it.
    const host = { host: 'partner.localhost' };
    const support = await supportLogin(createSupportToken(secret, { client: 'initech', adviser: 'A', reason: 'R' }));
    expect(support.response.statusCode, support.response.body).toBe(200);
    const adminUuid = await memberUuid(server.db, 'initech', 'admin');
    expect((await support.agent.get('/api/member/state')).json().member.uuid).toBe(adminUuid);

    const own = await server.login('initech', 'admin', host);
    const ownOther = await server.login('initech', 'admin', host);
    const changed = await own.post('/api/profile/changepassword', {
      old: hashPassword(DEMO_PASSWORD),
      new: hashPassword('Initech#2026'),
      newCheck: hashPassword('Initech#2026'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await ownOther.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
    expect((await support.agent.get('/api/heartbeat')).statusCode).toBe(200);

    const token = await issuePasswordToken(server.db, adminUuid, 'reset', 2);
    const anonymous = await server.anonymous(host);
    const password = hashPassword('Initech#2027');
    const reset = await anonymous.post('/api/resetpassword', { token, password, passwordConfirmation: password });
    expect(reset.statusCode, reset.body).toBe(200);
    expectError(await own.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
    expect((await support.agent.get('/api/heartbeat')).statusCode).toBe(200);
  });
});

describe('profile security', () => {
  let agent: Agent;
  let other: Agent;
  const row = async () =>
    server.db.query('SELECT username, password_hash FROM member WHERE uuid = $1', [
      await memberUuid(server.db, 'acme', 'member'),
    ]);

  beforeAll(async () => {
    agent = await server.login('acme', 'member');
    other = await server.login('acme', 'member');
  });

  it('refuses a wrong current password, a mismatch and the current password; nothing changes', async () => {
    const before = await row();
    expectError(
      await agent.post('/api/profile/changepassword', {
        old: hashPassword('wrong'),
        new: hashPassword('Neu#2026x'),
        newCheck: hashPassword('Neu#2026x'),
      }),
      400,
      'Password.Invalid',
    );
    expectError(
      await agent.post('/api/profile/changepassword', {
        old: hashPassword(DEMO_PASSWORD),
        new: hashPassword('Neu#2026x'),
        newCheck: hashPassword('Neu#2026y'),
      }),
      400,
      'Password.ConfirmationMismatch',
    );
    expectError(
      await agent.post('/api/profile/changepassword', {
        old: hashPassword(DEMO_PASSWORD),
        new: hashPassword(DEMO_PASSWORD),
        newCheck: hashPassword(DEMO_PASSWORD),
      }),
      400,
      'Password.AlreadyUsed',
    );
    expect(await row()).toEqual(before);
  });

  it('changes the password: this session stays, the other ends, the new password signs in', async () => {
    const response = await agent.post('/api/profile/changepassword', {
      old: hashPassword(DEMO_PASSWORD),
      new: hashPassword('Neu#2026x'),
      newCheck: hashPassword('Neu#2026x'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await agent.get('/api/heartbeat')).statusCode).toBe(200);
    expectError(await other.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
    expect((await server.login('acme', 'member', { password: 'Neu#2026x' })).session).toBeTruthy();
  });

  it('checks usernames: taken by another member, free, own name', async () => {
    expect((await agent.post('/api/profile/checkusername', { username: 'admin' })).json()).toEqual({
      usernameExists: true,
    });
    expect((await agent.post('/api/profile/checkusername', { username: 'free.name' })).json()).toEqual({
      usernameExists: false,
    });
    expect((await agent.post('/api/profile/checkusername', { username: 'member' })).json()).toEqual({
      usernameExists: false,
    });
    // Another client's usernames do not count.
    expect((await agent.post('/api/profile/checkusername', { username: 'fahrer1' })).json()).toEqual({
      usernameExists: false,
    });
  });

  it('refuses a username change with a wrong password, a taken name, or a wrong current name; nothing changes', async () => {
    const before = await row();
    const password = hashPassword('Neu#2026x');
    expectError(
      await agent.post('/api/profile/changeusername', {
        username: 'member',
        newUsername: 'member.neu',
        password: hashPassword(DEMO_PASSWORD),
      }),
      400,
      'Password.Invalid',
    );
    expectError(
      await agent.post('/api/profile/changeusername', { username: 'member', newUsername: 'admin', password }),
      409,
      'Username.AlreadyExists',
    );
    expectError(
      await agent.post('/api/profile/changeusername', { username: 'admin', newUsername: 'member.neu', password }),
      400,
      'Member.Invalid',
    );
    expectError(
      await agent.post('/api/profile/changeusername', { username: 'member', newUsername: 'Bad Name', password }),
      400,
      'Schema.ValidationFailed',
    );
    expect(await row()).toEqual(before);
  });

  it('changes the username; sign-in then works with the new name', async () => {
    const response = await agent.post('/api/profile/changeusername', {
      username: 'member',
      newUsername: 'member.neu',
      password: hashPassword('Neu#2026x'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ username: 'member.neu' });
    expect((await server.login('acme', 'member.neu', { password: 'Neu#2026x' })).session).toBeTruthy();
  });

  it('rate limits password and username changes per account (429 Request.TooManyRequests)', async () => {
    const limited = await server.login('acme', 'loc.admin');
    const body = { old: hashPassword('wrong'), new: hashPassword('A#1aaaaa'), newCheck: hashPassword('A#1aaaaa') };
    for (let index = 0; index < 10; index += 1) {
      expectError(await limited.post('/api/profile/changepassword', body), 400, 'Password.Invalid');
    }
    expectError(await limited.post('/api/profile/changepassword', body), 429, 'Request.TooManyRequests');
    // Even the right password waits now, and so does a username change (same limit); nothing changed.
    const before = await server.db.query("SELECT username, password_hash FROM member WHERE username = 'loc.admin'");
    expectError(
      await limited.post('/api/profile/changepassword', { ...body, old: hashPassword(DEMO_PASSWORD) }),
      429,
      'Request.TooManyRequests',
    );
    expectError(
      await limited.post('/api/profile/changeusername', {
        username: 'loc.admin',
        newUsername: 'loc.admin.neu',
        password: hashPassword(DEMO_PASSWORD),
      }),
      429,
      'Request.TooManyRequests',
    );
    expect(await server.db.query("SELECT username, password_hash FROM member WHERE username = 'loc.admin'")).toEqual(
      before,
    );
  });

  it("lists the member's own org units (ou-admin: administered ones flagged)", async () => {
    const ouAdmin = await server.login('acme', 'ou.admin');
    const response = await ouAdmin.post('/api/profile/read-org-unit-list', {});
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json() as {
      items: Array<{ orgUnitName: string; isAdmin: boolean }>;
      total: number;
    };
    expect(total).toBe(items.length);
    expect(
      items
        .filter((item) => item.isAdmin)
        .map((item) => item.orgUnitName)
        .sort(),
    ).toEqual(['Logistik', 'Produktion']);
  });
});
