/**
 * Single sign-on with a client's OpenID Connect provider (issue 31, docs/single-sign-on.md), against a real provider
 * running in this process (oidc-provider): the configuration (discovery checked, secret sealed, audit), the sign-in
 * page's options, the authorisation code flow with PKCE, state and nonce, the member linked once by a verified
 * address, each failure with its message code, and the sign-out at the provider. The browser side:
 * e2e/tests/single-sign-on.spec.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SsoProviders } from '../src/modules/sso/providers';
import { type Agent, createTestServer, expectError, memberUuid, type TestServer, testConfig } from './helpers';
import { signInAtProvider, startTestProvider, type TestProvider } from './oidcProvider';

/** The origin the tests' requests arrive at (app.inject's default host). */
const ORIGIN = 'http://localhost';

let server: TestServer;
let provider: TestProvider;
let superAdmin: Agent;
let memberEmail: string;

async function configure(body: Record<string, unknown> = {}) {
  return superAdmin.post('/api/clientdetails/update-sso', {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    providerName: 'Acme Entra ID',
    loginMode: 'both',
    ...body,
  });
}

/** From the sign-in page's button to the dashboard: start, the provider's form as `login`, the callback. */
async function signInThroughProvider(login: string, options: { beforeCallback?: () => Promise<void> } = {}) {
  const agent = await server.anonymous();
  const start = await agent.get('/api/auth/sso/start', {
    clientIdentifier: 'acme',
    returnUrl: '/dashboard/elearnings',
  });
  expect(start.statusCode, start.body).toBe(302);
  const authorization = new URL(start.headers.location as string);
  expect(authorization.origin).toBe(provider.issuer);
  const back = await signInAtProvider(authorization.href, login);
  await options.beforeCallback?.();
  const callback = await agent.get(`${back.pathname}${back.search}`);
  return { agent, authorization, back, callback };
}

function signInPageSays(response: { statusCode: number; headers: Record<string, unknown> }, code: string): void {
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string, ORIGIN);
  expect(location.pathname).toMatch(/^\/auth\/login(\/acme)?$/);
  expect(location.searchParams.get('sso')).toBe(code);
}

beforeAll(async () => {
  server = await createTestServer();
  provider = await startTestProvider({ origins: [ORIGIN] });
  superAdmin = await server.login('acme', 'super.admin');
  const [row] = await server.db.query<{ email: string }>(
    `SELECT m.email FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.username = 'member'`,
  );
  memberEmail = row?.email as string;
  expect(memberEmail).toMatch(/@/);
}, 60_000);

afterAll(async () => {
  await provider?.close();
  await server?.close();
});

beforeEach(() => {
  provider.tamper.claims = null;
  provider.tamper.foreignKey = false;
});

describe('configuration (company settings, super-admin)', () => {
  it('a client without a provider signs in with passwords only, exactly as before', async () => {
    const anonymous = await server.anonymous();
    const options = await anonymous.get('/api/auth/sso-options', { clientIdentifier: 'acme' });
    expect(options.json()).toEqual({ loginMode: 'password', providerName: null });
    const read = await superAdmin.post('/api/clientdetails/read-sso');
    expect(read.json()).toMatchObject({
      configured: false,
      loginMode: 'password',
      clientSecretSet: false,
      redirectUri: `${ORIGIN}/api/auth/sso/callback`,
      postLogoutRedirectUri: `${ORIGIN}/auth/login/acme`,
    });
    signInPageSays(await anonymous.get('/api/auth/sso/start', { clientIdentifier: 'acme' }), 'Sso.NotConfigured');
  });

  it('refuses an issuer whose discovery cannot be read or is not that issuer, and keeps nothing', async () => {
    expectError(await configure({ issuer: 'http://127.0.0.1:9/' }), 400, 'Sso.ProviderUnavailable');
    expectError(await configure({ issuer: `${provider.issuer}/other-tenant` }), 400, 'Sso.DiscoveryFailed');
    expectError(await configure({ issuer: 'ftp://example.com' }), 400, 'Sso.DiscoveryFailed');
    // Plain http only where the deployment allows it (SSO_ALLOW_HTTP_ISSUERS): never in production's default.
    const strict = new SsoProviders({ ...testConfig(), ssoAllowHttpIssuers: false });
    expect(() => strict.issuerUrl(provider.issuer)).toThrow();
    const rows = await server.db.query('SELECT 1 FROM client_sso');
    expect(rows).toHaveLength(0);
  });

  it('keeps the secret sealed, never answers it, and writes the change to the audit list', async () => {
    const saved = await configure();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      configured: true,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecretSet: true,
      providerName: 'Acme Entra ID',
      loginMode: 'both',
    });
    expect(saved.body).not.toContain(provider.clientSecret);
    const [row] = await server.db.query<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM client_sso',
    );
    expect(row?.client_secret_encrypted).toMatch(/^v1\./);
    expect(row?.client_secret_encrypted).not.toContain(provider.clientSecret);
    const [audit] = await server.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_entry WHERE action = 'client.update-sso' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.after).toMatchObject({ issuer: provider.issuer, loginMode: 'both', clientSecretChanged: true });
    expect(JSON.stringify(audit)).not.toContain(provider.clientSecret);
    // Changing the mode keeps the secret (null); a new issuer or client ID needs it typed again.
    const kept = await configure({ clientSecret: null, loginMode: 'both', providerName: 'Acme Entra ID' });
    expect(kept.statusCode, kept.body).toBe(200);
    expectError(await configure({ clientSecret: null, clientId: 'another-client' }), 400, 'Schema.ValidationFailed');
  });

  it('the sign-in page offers the provider by name once the company ID is known', async () => {
    const anonymous = await server.anonymous();
    const options = await anonymous.get('/api/auth/sso-options', { clientIdentifier: 'ACME ' });
    expect(options.json()).toEqual({ loginMode: 'both', providerName: 'Acme Entra ID' });
    // An unknown company answers as one without a provider: nothing to learn for strangers.
    const unknown = await anonymous.get('/api/auth/sso-options', { clientIdentifier: 'no-such-company' });
    expect(unknown.json()).toEqual({ loginMode: 'password', providerName: null });
    // Another licensee's host does not know acme.
    const partner = await server.anonymous({ host: 'partner.localhost' });
    expect((await partner.get('/api/auth/sso-options', { clientIdentifier: 'acme' })).json().loginMode).toBe(
      'password',
    );
  });
});

describe('sign-in through the provider', () => {
  it('goes the code flow with PKCE, state and nonce, links the member by a verified address once, and signs in', async () => {
    provider.accounts.set('entra-mara', { email: memberEmail.toUpperCase(), emailVerified: true, name: 'Mara M.' });
    const { agent, authorization, back, callback } = await signInThroughProvider('entra-mara');
    const params = authorization.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/sso/callback`);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/dashboard/elearnings');
    const state = await agent.get('/api/member/state');
    expect(state.statusCode).toBe(200);
    expect(state.json().member.uuid).toBe(await memberUuid(server.db, 'acme', 'member'));
    expect(agent.xsrfToken).toBeTruthy();
    const [linked] = await server.db.query<{ sso_subject: string }>(`SELECT sso_subject FROM member WHERE uuid = $1`, [
      state.json().member.uuid,
    ]);
    expect(linked?.sso_subject).toBe('entra-mara');
    const audit = await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'member.link-sso'`);
    expect(audit).toHaveLength(1);

    // Replaying the provider's answer finds nothing: the state is used once.
    const replay = await (await server.anonymous()).get(`${back.pathname}${back.search}`);
    signInPageSays(replay, 'Sso.StateInvalid');

    // Next time by the subject alone: the provider's address may change, the link holds.
    provider.accounts.set('entra-mara', { email: 'renamed@elsewhere.example', emailVerified: false });
    const again = await signInThroughProvider('entra-mara');
    expect(again.callback.headers.location).toBe('/dashboard/elearnings');
    expect((await again.agent.get('/api/member/state')).json().member.uuid).toBe(state.json().member.uuid);
    expect(await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'member.link-sso'`)).toHaveLength(1);
  });

  it('signs out at the provider too (RP-initiated logout) and ends the dashboard session', async () => {
    const { agent } = await signInThroughProvider('entra-mara');
    const logout = await agent.get('/api/logout');
    expect(logout.statusCode).toBe(200);
    const url = new URL(logout.json().providerLogoutUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/auth/login/acme`);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expectError(await agent.get('/api/member/state'), 401, 'Auth.Unauthorized');
    // The provider accepts it (its confirmation page, not an error).
    const atProvider = await fetch(url, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain('logout');
    // A password session names no provider's logout.
    const password = await server.login('acme', 'admin');
    expect((await password.get('/api/logout')).json().providerLogoutUrl).toBeNull();
  });

  it('does not link by an address the provider does not vouch for, nor create a member', async () => {
    provider.accounts.set('unverified', { email: memberEmail, emailVerified: false });
    signInPageSays((await signInThroughProvider('unverified')).callback, 'Sso.UnknownMember');
    provider.accounts.set('stranger', { email: 'nobody@nowhere.example', emailVerified: true });
    const before = await server.db.query('SELECT count(*)::int AS count FROM member');
    signInPageSays((await signInThroughProvider('stranger')).callback, 'Sso.UnknownMember');
    expect(await server.db.query('SELECT count(*)::int AS count FROM member')).toEqual(before);
  });

  it('tells an archived member so', async () => {
    const [archived] = await server.db.query<{ email: string }>(
      `UPDATE member SET email = 'archived.person@acme.example'
        WHERE uuid = (SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
                       WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL LIMIT 1)
       RETURNING email`,
    );
    provider.accounts.set('archived', { email: archived?.email as string, emailVerified: true });
    signInPageSays((await signInThroughProvider('archived')).callback, 'Login.Deactivated');
  });

  it.each([
    ['another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'someone-else' })],
    ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' })],
    [
      'an expired token',
      (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    ['another nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'replayed-nonce' })],
  ])('refuses an ID token with %s', async (_label, change) => {
    provider.tamper.claims = change;
    const { agent, callback } = await signInThroughProvider('entra-mara');
    signInPageSays(callback, 'Sso.TokenInvalid');
    expect(agent.session).toBeUndefined();
  });

  it('refuses an ID token signed with a key that is not the provider’s', async () => {
    provider.tamper.foreignKey = true;
    const { agent, callback } = await signInThroughProvider('entra-mara');
    signInPageSays(callback, 'Sso.TokenInvalid');
    expect(agent.session).toBeUndefined();
  });

  it('names the provider’s own refusal (the user cancelled) and a state that was never issued', async () => {
    const agent = await server.anonymous();
    const start = await agent.get('/api/auth/sso/start', { clientIdentifier: 'acme' });
    const state = new URL(start.headers.location as string).searchParams.get('state') as string;
    const cancelled = await agent.get('/api/auth/sso/callback', {
      state,
      error: 'access_denied',
      error_description: 'The user cancelled',
      iss: provider.issuer,
    });
    signInPageSays(cancelled, 'Sso.ProviderError');
    signInPageSays(await agent.get('/api/auth/sso/callback', { state: 'never-issued', code: 'x' }), 'Sso.StateInvalid');
    signInPageSays(await agent.get('/api/auth/sso/callback', { code: 'x' }), 'Sso.StateInvalid');
  });

  it('creates a missing member at the first sign-in where the company allows it, as the directory would', async () => {
    provider.accounts.set('new.starter', { email: 'new.starter@acme.example', emailVerified: true, name: 'Nina Neu' });
    signInPageSays((await signInThroughProvider('new.starter')).callback, 'Sso.UnknownMember');
    expect((await configure({ clientSecret: null, createMembers: true })).json().createMembers).toBe(true);
    const { agent, callback } = await signInThroughProvider('new.starter');
    expect(callback.headers.location).toBe('/dashboard/elearnings');
    const state = (await agent.get('/api/member/state')).json();
    expect(state.member).toMatchObject({ email: 'new.starter@acme.example', roleIdentifier: 'member' });
    expect(state.memberDetails).toMatchObject({ firstName: 'Nina', lastName: 'Neu' });
    const row = await server.db.query<{ username: string; sso_subject: string }>(
      'SELECT username, sso_subject FROM member WHERE uuid = $1',
      [state.member.uuid],
    );
    expect(row).toEqual([{ username: 'new.starter@acme.example', sso_subject: 'new.starter' }]);
    const [audit] = await server.db.query<{ actor_name: string }>(
      `SELECT actor_name FROM audit_entry WHERE action = 'member.create' AND entity_uuid = $1`,
      [state.member.uuid],
    );
    expect(audit?.actor_name).toBe('SSO: Acme Entra ID');
    // An account without a verified address is not made into a member.
    provider.accounts.set('no.address', { name: 'Otto Ohne' });
    signInPageSays((await signInThroughProvider('no.address')).callback, 'Sso.UnknownMember');
    // The licence limit holds: nothing is kept.
    const [used] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NULL`,
    );
    await server.db.query(`UPDATE client SET max_members = $1 WHERE identifier = 'acme'`, [used?.count]);
    try {
      provider.accounts.set('one.too.many', {
        email: 'one.too.many@acme.example',
        emailVerified: true,
        name: 'Zu Viel',
      });
      signInPageSays((await signInThroughProvider('one.too.many')).callback, 'Client.MaxMembersReached');
      expect(await server.db.query(`SELECT 1 FROM member WHERE username = 'one.too.many@acme.example'`)).toHaveLength(
        0,
      );
    } finally {
      await server.db.query(`UPDATE client SET max_members = NULL WHERE identifier = 'acme'`);
      await configure({ clientSecret: null, createMembers: false });
    }
  });

  it('password only for super-admins when the company signs in through its provider only', async () => {
    expect((await configure({ clientSecret: null, loginMode: 'sso' })).statusCode).toBe(200);
    const anonymous = await server.anonymous();
    expectError(await anonymous.login('acme', 'member'), 403, 'Login.SsoRequired');
    expect((await anonymous.login('acme', 'super.admin')).statusCode).toBe(200);
    const options = await anonymous.get('/api/auth/sso-options', { clientIdentifier: 'acme' });
    expect(options.json()).toEqual({ loginMode: 'sso', providerName: 'Acme Entra ID' });
    expect((await configure({ clientSecret: null, loginMode: 'both' })).statusCode).toBe(200);
    expect((await anonymous.login('acme', 'member')).statusCode).toBe(200);
  });

  it('says the provider does not answer when it is down at the token exchange', async () => {
    const down = await startTestProvider({ origins: [ORIGIN] });
    down.accounts.set('entra-mara', { email: memberEmail, emailVerified: true });
    const own = await server.login('acme', 'super.admin');
    const saved = await own.post('/api/clientdetails/update-sso', {
      issuer: down.issuer,
      clientId: down.clientId,
      clientSecret: down.clientSecret,
      providerName: 'Acme Entra ID',
      loginMode: 'both',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const agent = await server.anonymous();
    const start = await agent.get('/api/auth/sso/start', { clientIdentifier: 'acme' });
    const back = await signInAtProvider(start.headers.location as string, 'entra-mara');
    await down.close();
    signInPageSays(await agent.get(`${back.pathname}${back.search}`), 'Sso.ProviderUnavailable');
    expect(agent.session).toBeUndefined();
    // Back to the provider of the other tests.
    expect((await configure()).statusCode).toBe(200);
  });

  it('removing the provider brings back the password form; the links stay for a later provider', async () => {
    const removed = await superAdmin.post('/api/clientdetails/remove-sso');
    // Mara, the archived member and the member made at his first sign-in.
    expect(removed.json()).toMatchObject({ configured: false, loginMode: 'password', linkedMembers: 3 });
    expect(await server.db.query(`SELECT 1 FROM audit_entry WHERE action = 'client.remove-sso'`)).toHaveLength(1);
    const anonymous = await server.anonymous();
    signInPageSays(await anonymous.get('/api/auth/sso/start', { clientIdentifier: 'acme' }), 'Sso.NotConfigured');
    expect((await configure()).statusCode).toBe(200);
  });
});
