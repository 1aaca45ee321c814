import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider for the tests (oidc-provider, a certified implementation), listening on 127.0.0.1 in the
 * test's own process. Its login form is the package's developer form: any login name signs in as that account, the
 * password is not checked; consent is given at once. `tamper` rewrites the next ID tokens it issues (re-signed with
 * its own key, or with a stranger's), so that the dashboard's checks of signature, issuer, audience, expiry and nonce
 * can each be proven to refuse.
 */
export interface TestAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Rewrites the ID token of every token answer until set to null; `foreignKey` signs it with another key. */
  tamper: { claims: IdTokenTamper | null; foreignKey: boolean };
  close(): Promise<void>;
}

export interface TestProviderOptions {
  /** Fixed port (the browser test); default: any free port. */
  port?: number;
  /** Origins of the dashboards that may sign in here (their /api/auth/sso/callback). */
  origins: string[];
  clientIdentifier?: string;
  /** Let the test process end while it still listens (a provider shared by a whole test file). */
  unref?: boolean;
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  if (options.unref) server.unref();
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const accounts = new Map<string, TestAccount>();
  const clientId = 'dashboard-test';
  const clientSecret = 'a-long-client-secret-for-the-tests-only';
  const clientIdentifier = options.clientIdentifier ?? 'acme';
  const client = {
    client_id: clientId,
    client_secret: clientSecret,
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_basic' as const,
    redirect_uris: options.origins.map((origin) => `${origin}/api/auth/sso/callback`),
    post_logout_redirect_uris: options.origins.map((origin) => `${origin}/auth/login/${clientIdentifier}`),
  };
  const provider = new Provider(issuer, {
    clients: [client],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    pkce: { required: () => true },
    // Lifetimes stated (the package warns about its defaults): short, as a test needs them.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Claims in the ID token itself (the dashboard reads no userinfo).
    conformIdTokenClaims: false,
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: async () => {
        const account = accounts.get(sub) ?? {};
        return {
          sub,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? false } : {}),
          ...(account.name ? { name: account.name } : {}),
        };
      },
    }),
    // Consent is given at once: the tests are about the dashboard, not the provider's consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientOfRequest = ctx.oidc.client;
      if (!accountId || !clientOfRequest) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientOfRequest.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const tamper: TestProvider['tamper'] = { claims: null, foreignKey: false };
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.status !== 200 || (!tamper.claims && !tamper.foreignKey)) return;
    const body = ctx.body as { id_token?: string };
    if (!body.id_token) return;
    const claims = decodeJwt(body.id_token) as Record<string, unknown>;
    const changed = tamper.claims ? tamper.claims(claims) : claims;
    body.id_token = await new SignJWT(changed)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(tamper.foreignKey ? stranger.privateKey : privateKey);
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar for fetch, as a browser keeps the provider's cookies between its pages. */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}

/**
 * Walks the provider's pages as a browser would, from the authorisation URL the dashboard redirected to: signs in as
 * `login` on the developer form and follows the redirects until the provider sends the browser back to the
 * dashboard. Answers that address (the callback with `code` and `state`, or with `error`).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = new URL(authorizationUrl);
  const providerOrigin = url.origin;
  for (let step = 0; step < 12; step++) {
    if (url.origin !== providerOrigin) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.keep(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'login';
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.keep(submitted);
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider's form answered ${submitted.status} without a redirect`);
    url = new URL(next, url);
  }
  throw new Error('the provider did not send the browser back');
}
