import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../core/db/database';
import { type SecretBox, secretBoxOf } from '../../core/secrets/secretBox';
import { ApiHttpError } from '../../http/errors';

/** Seconds the server waits for the provider (discovery, token, keys) before it says the provider does not answer. */
const PROVIDER_TIMEOUT_SECONDS = 8;
/** How long a discovered provider is kept: a changed key set or endpoint reaches the sign-in within this. */
const DISCOVERY_KEPT_MS = 10 * 60_000;

/**
 * This host's own origin (behind a proxy: its X-Forwarded-* headers, TRUST_PROXY), as the URL standard writes it
 * (no default port): the redirect URIs sent to the provider must be the same string each time.
 */
export function originOf(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.host}`).origin;
}

/** A client's provider as kept in `client_sso` (migration 040), the secret still sealed. */
export interface ClientSsoRow {
  client_uuid: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  provider_name: string;
  login_mode: 'password' | 'both' | 'sso';
  create_members: boolean;
  updated_at: string;
}

export const CLIENT_SSO_COLUMNS =
  's.client_uuid, s.issuer, s.client_id, s.client_secret_encrypted, s.provider_name, s.login_mode, s.create_members, s.updated_at::text AS updated_at';

/** A failure of the provider as the sign-in page names it (docs/single-sign-on.md "When sign-in fails"). */
export type SsoFailure = 'Sso.ProviderUnavailable' | 'Sso.ProviderError' | 'Sso.TokenInvalid';

/**
 * What went wrong at the provider: it answered with an OAuth error (the user cancelled, the client is refused), its
 * answer failed a check (ID token signature, issuer, audience, expiry, nonce), or it did not answer at all.
 */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return 'Sso.ProviderError';
  }
  if (error instanceof oidc.ClientError && error.code && !(error.cause instanceof TypeError)) {
    // The network and timeouts arrive as the fetch's TypeError / AbortError (the request failed or timed out).
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_REQUEST_FAILED') return 'Sso.ProviderUnavailable';
    return 'Sso.TokenInvalid';
  }
  return 'Sso.ProviderUnavailable';
}

/**
 * The OpenID providers of the clients: discovery (read once, kept ten minutes per configuration), the client secret
 * sealed and opened with the deployment's key, and the checks of a new configuration.
 */
export class SsoProviders {
  private readonly box: SecretBox | null;
  private readonly discovered = new Map<string, { configuration: oidc.Configuration; until: number }>();

  constructor(
    private readonly config: Pick<ServerConfig, 'secretsKey' | 'production' | 'dataDir' | 'ssoAllowHttpIssuers'>,
  ) {
    this.box = secretBoxOf(config);
  }

  /** The secret sealed for the client (bound to it): `Secrets.KeyMissing` without a key in production. */
  seal(secret: string, clientUuid: string): string {
    if (!this.box) throw new ApiHttpError(409, 'Secrets.KeyMissing');
    return this.box.seal(secret, `client_sso:${clientUuid}`);
  }

  private open(row: ClientSsoRow): string {
    const secret = this.box?.open(row.client_secret_encrypted, `client_sso:${row.client_uuid}`);
    // Sealed under another key (SECRETS_KEY changed): the super-admin enters the secret again.
    if (secret == null) throw new ApiHttpError(409, 'Secrets.KeyMissing');
    return secret;
  }

  /** The issuer as a URL the server may fetch: https, or http where SSO_ALLOW_HTTP_ISSUERS allows it. */
  issuerUrl(issuer: string): URL {
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new ApiHttpError(400, 'Sso.DiscoveryFailed');
    }
    const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && this.config.ssoAllowHttpIssuers);
    if (!allowed || url.username || url.password || url.search || url.hash) {
      throw new ApiHttpError(400, 'Sso.DiscoveryFailed');
    }
    return url;
  }

  /**
   * Reads the issuer's discovery document and checks what the sign-in needs: the same issuer (openid-client compares
   * it), the code flow, PKCE with S256 where the provider lists its methods, and keys to check ID tokens with.
   */
  async discover(issuer: string, clientId: string, clientSecret: string): Promise<oidc.Configuration> {
    const url = this.issuerUrl(issuer);
    let configuration: oidc.Configuration;
    try {
      configuration = await oidc.discovery(url, clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    } catch (error) {
      throw new ApiHttpError(
        400,
        failureOf(error) === 'Sso.ProviderUnavailable' ? 'Sso.ProviderUnavailable' : 'Sso.DiscoveryFailed',
      );
    }
    const metadata = configuration.serverMetadata();
    const pkce = metadata.code_challenge_methods_supported;
    if (
      !metadata.authorization_endpoint ||
      !metadata.token_endpoint ||
      !metadata.jwks_uri ||
      !(metadata.response_types_supported ?? ['code']).includes('code') ||
      (pkce !== undefined && !pkce.includes('S256'))
    ) {
      throw new ApiHttpError(400, 'Sso.DiscoveryFailed');
    }
    // The ID token arrives from the token endpoint; its signature is checked all the same (the issue asks for it, and
    // a provider's keys are the only proof that the claims are the provider's).
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  /** The client's provider, discovered (kept ten minutes per configuration); `Sso.ProviderUnavailable` when down. */
  async configurationOf(row: ClientSsoRow): Promise<oidc.Configuration> {
    const key = `${row.client_uuid}:${row.updated_at}`;
    const kept = this.discovered.get(key);
    if (kept && kept.until > Date.now()) return kept.configuration;
    let configuration: oidc.Configuration;
    try {
      configuration = await this.discover(row.issuer, row.client_id, this.open(row));
    } catch (error) {
      if (error instanceof ApiHttpError && error.code === 'Secrets.KeyMissing') throw error;
      throw new ApiHttpError(409, 'Sso.ProviderUnavailable');
    }
    for (const [other] of this.discovered) if (other.startsWith(`${row.client_uuid}:`)) this.discovered.delete(other);
    this.discovered.set(key, { configuration, until: Date.now() + DISCOVERY_KEPT_MS });
    return configuration;
  }
}

/** The client's provider row, or null when it has none. */
export async function clientSsoOf(db: Queryable, clientUuid: string): Promise<ClientSsoRow | null> {
  const [row] = await db.query<ClientSsoRow>(
    `SELECT ${CLIENT_SSO_COLUMNS} FROM client_sso s WHERE s.client_uuid = $1`,
    [clientUuid],
  );
  return row ?? null;
}
