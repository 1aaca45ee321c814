import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Queryable } from '../../core/db/database';
import { hashToken } from '../../core/sessions/sessions';
import { CLIENT_SSO_COLUMNS, type ClientSsoRow, originOf, type SsoProviders } from './providers';
import { SSO_POST_LOGOUT_PATH } from './routes/signIn';

/**
 * The provider's logout page for a session signed in through it (RP-initiated logout), read before the session ends:
 * null for a password session, a provider without an end-session endpoint, or one that does not answer now (the
 * dashboard's session ends all the same).
 */
export async function providerLogoutUrl(
  db: Queryable,
  providers: SsoProviders,
  request: FastifyRequest,
  token: string | undefined,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db.query<ClientSsoRow & { sso_id_token: string; identifier: string }>(
    `SELECT ${CLIENT_SSO_COLUMNS}, x.sso_id_token, c.identifier
       FROM session x JOIN client_sso s ON s.client_uuid = x.client_uuid JOIN client c ON c.uuid = x.client_uuid
      WHERE x.token_hash = $1 AND x.sso_id_token IS NOT NULL`,
    [hashToken(token)],
  );
  if (!row) return null;
  try {
    const configuration = await providers.configurationOf(row);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(configuration, {
      id_token_hint: row.sso_id_token,
      post_logout_redirect_uri: `${originOf(request)}${SSO_POST_LOGOUT_PATH}/${encodeURIComponent(row.identifier)}`,
    }).href;
  } catch {
    return null;
  }
}
