import { ENDPOINTS, type SsoConfiguration } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { CLIENT_SSO_COLUMNS, type ClientSsoRow, clientSsoOf, originOf, type SsoProviders } from '../providers';
import { SSO_CALLBACK_PATH, SSO_POST_LOGOUT_PATH } from './signIn';

async function readConfiguration(
  db: Queryable,
  request: FastifyRequest,
  session: SessionContext,
): Promise<SsoConfiguration> {
  const clientUuid = session.clientUuid;
  const row = await clientSsoOf(db, clientUuid);
  const [linked] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM member WHERE client_uuid = $1 AND sso_subject IS NOT NULL',
    [clientUuid],
  );
  const origin = originOf(request);
  return {
    configured: row !== null,
    issuer: row?.issuer ?? null,
    clientId: row?.client_id ?? null,
    clientSecretSet: row !== null,
    providerName: row?.provider_name ?? null,
    loginMode: row?.login_mode ?? 'password',
    createMembers: row?.create_members ?? false,
    redirectUri: `${origin}${SSO_CALLBACK_PATH}`,
    postLogoutRedirectUri: `${origin}${SSO_POST_LOGOUT_PATH}/${encodeURIComponent(session.client.identifier)}`,
    linkedMembers: linked?.count ?? 0,
  };
}

/** What the audit list shows of a configuration: never the secret, only that it changed. */
function forAudit(row: ClientSsoRow | null) {
  return row
    ? {
        issuer: row.issuer,
        clientId: row.client_id,
        providerName: row.provider_name,
        loginMode: row.login_mode,
        createMembers: row.create_members,
      }
    : null;
}

/**
 * The company's OpenID Connect provider (company configuration, super-admin): a new issuer is discovered and checked
 * before it is kept, the secret is sealed with the deployment's key, and every change is in the audit list.
 */
export function registerSsoConfigurationRoutes(app: FastifyInstance, db: Database, providers: SsoProviders): void {
  registerEndpoint(app, db, ENDPOINTS.ssoConfiguration, async ({ session, request }) =>
    readConfiguration(db, request, session),
  );

  registerEndpoint(app, db, ENDPOINTS.updateSsoConfiguration, async ({ body, session, request }) => {
    const before = await clientSsoOf(db, session.clientUuid);
    const secret =
      body.clientSecret ??
      (before && before.issuer === body.issuer && before.client_id === body.clientId ? null : undefined);
    // A new provider or client ID needs its secret typed again: a kept secret is never sent to another issuer.
    if (secret === undefined) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    const sealed =
      secret === null ? (before as ClientSsoRow).client_secret_encrypted : providers.seal(secret, session.clientUuid);
    // The discovery (and the key check) before anything is written: a provider that does not fit is never kept.
    if (secret !== null) await providers.discover(body.issuer, body.clientId, secret);
    else providers.issuerUrl(body.issuer);
    return db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO client_sso (client_uuid, issuer, client_id, client_secret_encrypted, provider_name, login_mode,
                                 create_members)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (client_uuid) DO UPDATE SET issuer = $2, client_id = $3, client_secret_encrypted = $4,
                provider_name = $5, login_mode = $6, create_members = $7, updated_at = clock_timestamp()`,
        [session.clientUuid, body.issuer, body.clientId, sealed, body.providerName, body.loginMode, body.createMembers],
      );
      const after = await clientSsoOf(tx, session.clientUuid);
      await recordAudit(tx, session, [
        {
          action: 'client.update-sso',
          entityType: 'client',
          entityUuid: session.clientUuid,
          before: forAudit(before),
          after: { ...forAudit(after), clientSecretChanged: secret !== null },
        },
      ]);
      return readConfiguration(tx, request, session);
    });
  });

  registerEndpoint(app, db, ENDPOINTS.removeSsoConfiguration, async ({ session, request }) =>
    db.transaction(async (tx) => {
      const [removed] = await tx.query<ClientSsoRow>(
        `DELETE FROM client_sso s WHERE s.client_uuid = $1
         RETURNING ${CLIENT_SSO_COLUMNS}`,
        [session.clientUuid],
      );
      if (removed) {
        await recordAudit(tx, session, [
          {
            action: 'client.remove-sso',
            entityType: 'client',
            entityUuid: session.clientUuid,
            before: forAudit(removed),
            after: null,
          },
        ]);
      }
      return readConfiguration(tx, request, session);
    }),
  );
}
