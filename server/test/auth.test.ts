import { hashPassword } from '@dash/shared-core';
import { memberStateSchema } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashToken } from '../src/core/sessions/sessions';
import { hashPasswordForStorage } from '../src/modules/auth/passwords';
import {
  createTestServer,
  DEMO_PASSWORD,
  expectError,
  type InjectResponse,
  memberUuid,
  type TestServer,
  testConfig,
} from './helpers';

let server: TestServer;
/** Active acme staff accounts nobody else in this file uses: they get locked, deactivated, archived. */
let spare: string[];

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.query<{ username: string }>(
    `SELECT m.username FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.role = 'member' AND m.status = 'active' AND m.archived_at IS NULL
        AND m.username <> 'member'
      ORDER BY m.username LIMIT 5`,
  );
  spare = rows.map((row) => row.username);
  expect(spare).toHaveLength(5);
});

afterAll(async () => {
  await server?.close();
});

function cookie(response: InjectResponse, name: string) {
  return (
    response.cookies as Array<{
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      path?: string;
    }>
  ).find((entry) => entry.name === name);
}

describe('login', () => {
  it('signs in and sets SESSION (httpOnly, SameSite=Lax) and a script-readable XSRF-TOKEN', async () => {
    const agent = await server.anonymous();
    const response = await agent.login('acme', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ authenticated: true });

    const session = cookie(response, 'SESSION');
    expect(session?.value).toMatch(/^[\w-]{40,}$/);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite?.toLowerCase()).toBe('lax');
    expect(session?.path).toBe('/');
    expect(session?.secure).toBeFalsy();

    const xsrf = cookie(response, 'XSRF-TOKEN');
    expect(xsrf?.value).toBeTruthy();
    expect(xsrf?.httpOnly).toBeFalsy();

    expect((await agent.get('/api/member/state')).statusCode).toBe(200);
    expect((await agent.get('/api/heartbeat')).json()).toMatchObject({ ok: true, accessVersion: expect.any(String) });
  });

  it("the heartbeat tells what the session may open now: a flag the licensee switches changes it, as the member state's", async () => {
    const agent = await server.login('acme', 'admin');
    const state = async () => memberStateSchema.parse((await agent.get('/api/member/state')).json());
    const version = async () => (await agent.get('/api/heartbeat')).json().accessVersion as string;
    const before = await version();
    expect((await state()).accessVersion).toBe(before);
    // The same again: nothing changed, no reload.
    expect(await version()).toBe(before);
    const [client] = await server.db.query<{ feature_templates: boolean }>(
      `SELECT feature_templates FROM client WHERE identifier = 'acme'`,
    );
    try {
      await server.db.query(`UPDATE client SET feature_templates = NOT feature_templates WHERE identifier = 'acme'`);
      const after = await version();
      expect(after).not.toBe(before);
      const changed = await state();
      expect(changed.accessVersion).toBe(after);
      expect(changed.featureFlags.templates).toBe(!client?.feature_templates);
    } finally {
      await server.db.query(`UPDATE client SET feature_templates = $1 WHERE identifier = 'acme'`, [
        client?.feature_templates,
      ]);
    }
    expect(await version()).toBe(before);
  });

  it('marks the cookies Secure behind https', async () => {
    const agent = server.agent();
    const csrf = await agent.request({ method: 'GET', url: '/api/csrf', headers: { 'x-forwarded-proto': 'https' } });
    expect(cookie(csrf, 'XSRF-TOKEN')?.secure).toBe(true);
    const login = await agent.request({
      method: 'POST',
      url: '/api/login',
      body: { clientIdentifier: 'acme', username: 'admin', password: hashPassword(DEMO_PASSWORD) },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(login.statusCode).toBe(200);
    expect(cookie(login, 'SESSION')?.secure).toBe(true);
  });

  it('ignores X-Forwarded-* headers unless TRUST_PROXY is on', async () => {
    const direct = await buildApp(testConfig({ trustProxy: false }), server.db);
    try {
      const csrf = await direct.inject({ method: 'GET', url: '/api/csrf', headers: { 'x-forwarded-proto': 'https' } });
      expect(cookie(csrf, 'XSRF-TOKEN')?.secure).toBeFalsy();
      const partner = await direct.inject({
        method: 'GET',
        url: '/api/bootstrap/load-licensee-config',
        headers: { host: 'localhost', 'x-forwarded-host': 'partner.localhost' },
      });
      expect(partner.json().licenseeName).toBe('Dashboard');
    } finally {
      await direct.close();
    }
  });

  it('accepts company ID and username in any case and with surrounding spaces', async () => {
    const agent = await server.anonymous();
    const response = await agent.login(' ACME ', 'Admin');
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 401 Login.Failed for a wrong password and sets no session', async () => {
    const agent = await server.anonymous();
    const response = await agent.login('acme', 'ou.admin', 'wrong-password');
    expectError(response, 401, 'Login.Failed');
    expect(cookie(response, 'SESSION')).toBeUndefined();
    expect(agent.session).toBeUndefined();
  });

  it('answers 401 Login.Failed for an unknown client and an unknown username', async () => {
    const agent = await server.anonymous();
    expectError(await agent.login('no-such-company', 'admin'), 401, 'Login.Failed');
    expectError(await agent.login('acme', 'nobody'), 401, 'Login.Failed');
    // A username of another client does not sign in to this one.
    expectError(await agent.login('globex', 'ou.admin'), 401, 'Login.Failed');
  });

  it('stores a slow salted hash, never the SHA-256 the browser sends', async () => {
    const rows = await server.db.query<{ password_hash: string }>(
      `SELECT m.password_hash FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.username IN ('admin', 'member')`,
    );
    expect(rows).toHaveLength(2);
    const sha256 = hashPassword(DEMO_PASSWORD);
    for (const row of rows) {
      expect(row.password_hash.startsWith('scrypt$')).toBe(true);
      expect(row.password_hash).not.toContain(sha256);
      expect(row.password_hash).not.toContain(DEMO_PASSWORD);
    }
    // Salted: two accounts with the same password have different hashes.
    expect(rows[0]?.password_hash).not.toBe(rows[1]?.password_hash);
  });
});

describe('sessions', () => {
  it('issues a new session id at every sign-in and ends the one sent with it', async () => {
    const agent = await server.login('acme', 'loc.admin');
    const first = agent.session;
    expect(first).toBeTruthy();
    const again = await agent.login('acme', 'loc.admin');
    expect(again.statusCode).toBe(200);
    expect(agent.session).toBeTruthy();
    expect(agent.session).not.toBe(first);
    expect((await agent.get('/api/member/state')).statusCode).toBe(200);

    const stale = server.agent({ cookies: { SESSION: first ?? '' } });
    expectError(await stale.get('/api/member/state'), 401, 'Auth.Unauthorized');
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const agent = await server.login('acme', 'member');
    const token = agent.session ?? '';
    const response = await agent.get('/api/logout');
    expect(response.statusCode).toBe(200);
    expect(agent.session).toBeUndefined();
    expectError(await agent.get('/api/member/state'), 401, 'Auth.Unauthorized');

    const replay = server.agent({ cookies: { SESSION: token } });
    expectError(await replay.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expectError(await replay.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
    const rows = await server.db.query('SELECT 1 FROM session WHERE token_hash = $1', [hashToken(token)]);
    expect(rows).toHaveLength(0);
  });

  it('stores only a hash of the session id', async () => {
    const agent = await server.login('acme', 'member');
    const token = agent.session ?? '';
    expect(await server.db.query('SELECT 1 FROM session WHERE token_hash = $1', [token])).toHaveLength(0);
    expect(await server.db.query('SELECT 1 FROM session WHERE token_hash = $1', [hashToken(token)])).toHaveLength(1);
  });

  it('answers 401 for an expired, unknown or absurd session cookie', async () => {
    const agent = await server.login('acme', 'member');
    await server.db.query("UPDATE session SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [
      hashToken(agent.session ?? ''),
    ]);
    expectError(await agent.get('/api/member/state'), 401, 'Auth.Unauthorized');
    expectError(
      await server.agent({ cookies: { SESSION: 'not-a-session' } }).get('/api/member/state'),
      401,
      'Auth.Unauthorized',
    );
    expectError(
      await server.agent({ cookies: { SESSION: 'x'.repeat(5000) } }).get('/api/member/state'),
      401,
      'Auth.Unauthorized',
    );
  });

  it('sessions survive a new app instance on the same database (restart, second server)', async () => {
    const agent = await server.login('acme', 'admin');
    const second = await buildApp(testConfig(), server.db);
    try {
      const response = await second.inject({
        method: 'GET',
        url: '/api/member/state',
        cookies: { SESSION: agent.session ?? '' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().member.roleIdentifier).toBe('admin');
    } finally {
      await second.close();
    }
  });
});

describe('member state', () => {
  it('describes the acme admin: role, permissions, both apps on, client name', async () => {
    const agent = await server.login('acme', 'admin');
    const response = await agent.get('/api/member/state');
    expect(response.statusCode).toBe(200);
    const state = memberStateSchema.parse(response.json());
    expect(state.member.uuid).toBe(await memberUuid(server.db, 'acme', 'admin'));
    expect(state.member.email).toBe('admin@acme.example');
    expect(state.member.roleIdentifier).toBe('admin');
    expect(state.member.permissions).toContain('member-list.get-list');
    expect(state.member.permissions).not.toContain('clientdetails.read-configuration');
    expect(state.featureFlags.elearnings).toBe(true);
    expect(state.featureFlags.riskAssessments).toBe(true);
    expect(state.clientName).toBe('ACME Sicherheit GmbH');
    expect(state.clientIdentifier).toBe('acme');
    expect(state.memberDetails.firstName).toBe('Arne');
    expect(state.memberDetails.lastName).toBe('Adler');
    expect(state.support).toBeNull();
  });

  it('gives a plain member the member permissions only', async () => {
    const agent = await server.login('acme', 'member');
    const state = memberStateSchema.parse((await agent.get('/api/member/state')).json());
    expect(state.member.roleIdentifier).toBe('member');
    expect(state.member.permissions).toContain('profile.update-member-profile');
    expect(state.member.permissions).not.toContain('member-list.get-list');
  });

  it('shows globex with e-learnings only', async () => {
    const agent = await server.login('globex', 'admin');
    const state = memberStateSchema.parse((await agent.get('/api/member/state')).json());
    expect(state.featureFlags.elearnings).toBe(true);
    expect(state.featureFlags.riskAssessments).toBe(false);
    expect(state.clientName).toBe('Globex Logistik AG');
  });

  it('answers 401 when signed out', async () => {
    expectError(await server.agent().get('/api/member/state'), 401, 'Auth.Unauthorized');
  });
});

describe('lockout and deactivated accounts', () => {
  it('locks the account after 5 failed sign-ins: the next one answers 429 even with the right password', async () => {
    const username = spare[0] ?? '';
    const agent = await server.anonymous();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectError(await agent.login('acme', username, `wrong-${attempt}`), 401, 'Login.Failed');
    }
    expectError(await agent.login('acme', username), 429, 'Login.TooManyAttempts');
    expect(agent.session).toBeUndefined();
    // Other accounts are not affected.
    expect((await (await server.anonymous()).login('acme', spare[1] ?? '')).statusCode).toBe(200);
  });

  it('answers an unknown account exactly like a real one, also once locked (no username discovery)', async () => {
    const agent = await server.anonymous();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectError(await agent.login('acme', 'nobody.here', `wrong-${attempt}`), 401, 'Login.Failed');
    }
    expectError(await agent.login('acme', 'nobody.here'), 429, 'Login.TooManyAttempts');
  });

  it('does not count failures that a successful sign-in followed', async () => {
    const username = spare[1] ?? '';
    const agent = await server.anonymous();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expectError(await agent.login('acme', username, `wrong-${attempt}`), 401, 'Login.Failed');
    }
    expect((await agent.login('acme', username)).statusCode).toBe(200);
    expectError(await agent.login('acme', username, 'wrong-again'), 401, 'Login.Failed');
    expect((await agent.login('acme', username)).statusCode).toBe(200);
  });

  async function setAccount(username: string, password: string, change: string): Promise<void> {
    const hash = await hashPasswordForStorage(hashPassword(password));
    await server.db.query(
      `UPDATE member SET password_hash = $3, ${change}
        WHERE username = $2 AND client_uuid = (SELECT uuid FROM client WHERE identifier = $1)`,
      ['acme', username, hash],
    );
  }

  it('answers 403 Login.Deactivated for an inactive member with the right password, 401 with a wrong one', async () => {
    const username = spare[2] ?? '';
    await setAccount(username, 'Inactive#2026', "status = 'inactive'");
    const agent = await server.anonymous();
    expectError(await agent.login('acme', username, 'Inactive#2026'), 403, 'Login.Deactivated');
    expectError(await agent.login('acme', username, 'Wrong#2026'), 401, 'Login.Failed');
    expect(agent.session).toBeUndefined();
  });

  it('answers 403 Login.Deactivated for an archived member with the right password', async () => {
    const username = spare[3] ?? '';
    await setAccount(username, 'Archived#2026', "archived_at = now() - interval '1 day'");
    const agent = await server.anonymous();
    expectError(await agent.login('acme', username, 'Archived#2026'), 403, 'Login.Deactivated');
    expect(agent.session).toBeUndefined();
  });

  it('ends the running session of a member who is deactivated', async () => {
    const username = spare[4] ?? '';
    const agent = await server.login('acme', username);
    expect((await agent.get('/api/member/state')).statusCode).toBe(200);
    await server.db.query(
      "UPDATE member SET status = 'inactive' WHERE username = $1 AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')",
      [username],
    );
    expectError(await agent.get('/api/member/state'), 401, 'Auth.Unauthorized');
  });
});

describe('licensee by host name', () => {
  it('initech (partner licensee) cannot sign in on localhost', async () => {
    const agent = await server.anonymous();
    expectError(await agent.login('initech', 'admin'), 401, 'Login.Failed');
  });

  it('initech signs in on partner.localhost, and acme does not', async () => {
    const partner = await server.anonymous({ host: 'partner.localhost' });
    const response = await partner.login('initech', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    const state = memberStateSchema.parse((await partner.get('/api/member/state')).json());
    expect(state.clientIdentifier).toBe('initech');

    const acme = await server.anonymous({ host: 'partner.localhost:8080' });
    expectError(await acme.login('acme', 'admin'), 401, 'Login.Failed');
  });

  it('answers the branding of the licensee that owns the host', async () => {
    const standard = await server.agent().get('/api/bootstrap/load-licensee-config');
    expect(standard.json()).toMatchObject({ licenseeName: 'Dashboard', isWhitelabelPartner: false });
    const partner = await server.agent({ host: 'partner.localhost' }).get('/api/bootstrap/load-licensee-config');
    expect(partner.json()).toMatchObject({ licenseeName: 'SafeGuard Partners', isWhitelabelPartner: true });
  });

  it("answers the spec's defaults for branding values a licensee's configuration lacks", async () => {
    const [saved] = await server.db.query<{ name: string; theme: unknown }>(
      "SELECT name, theme FROM licensee WHERE identifier = 'safeguard'",
    );
    try {
      await server.db.query(`UPDATE licensee SET name = '', theme = $1 WHERE identifier = 'safeguard'`, [
        JSON.stringify({ light: { primary: '#123456', highlight: 'red' } }),
      ]);
      const response = await server.agent({ host: 'partner.localhost' }).get('/api/bootstrap/load-licensee-config');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        licenseeName: 'Dashboard',
        theme: {
          light: { primary: '#123456', contrast: '#ffffff', highlight: null },
          dark: { primary: '#b9b9b9', contrast: '#000000', highlight: null },
        },
      });
    } finally {
      await server.db.query(`UPDATE licensee SET name = $1, theme = $2 WHERE identifier = 'safeguard'`, [
        saved?.name,
        JSON.stringify(saved?.theme),
      ]);
    }
  });
});
