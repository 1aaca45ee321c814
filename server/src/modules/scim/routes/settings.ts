import { ENDPOINTS, type ScimSettings } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import { hashToken, type SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { baseUrlOf } from '../protocol';
import { forgetScimTokens, newScimToken } from '../tokens';

async function readSettings(db: Queryable, request: FastifyRequest, session: SessionContext): Promise<ScimSettings> {
  const [client] = await db.query<{ scim_group_target: ScimSettings['groupTarget'] }>(
    'SELECT scim_group_target FROM client WHERE uuid = $1',
    [session.clientUuid],
  );
  const tokens = await db.query<{
    uuid: string;
    label: string;
    created_at: unknown;
    created_by_name: string;
    last_used_at: unknown;
    revoked_at: unknown;
  }>(
    `SELECT uuid, label, created_at, created_by_name, last_used_at, revoked_at FROM scim_token
      WHERE client_uuid = $1 ORDER BY created_at DESC, uuid LIMIT 100`,
    [session.clientUuid],
  );
  return {
    baseUrl: baseUrlOf(request),
    groupTarget: client?.scim_group_target ?? 'org-units',
    tokens: tokens.map((token) => ({
      uuid: token.uuid,
      label: token.label,
      createdAt: iso(token.created_at) ?? '',
      createdBy: token.created_by_name,
      lastUsedAt: iso(token.last_used_at),
      revokedAt: iso(token.revoked_at),
    })),
  };
}

/** SCIM provisioning in the company configuration (super-admin): tokens and what the directory's groups become. */
export function registerScimSettingsRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.scimSettings, async ({ request, session }) => readSettings(db, request, session));

  registerEndpoint(app, db, ENDPOINTS.createScimToken, async ({ body, request, session }) => {
    const token = newScimToken();
    return db.transaction(async (tx) => {
      const [created] = await tx.query<{ uuid: string }>(
        `INSERT INTO scim_token (client_uuid, label, token_hash, created_by_member_uuid, created_by_name)
         SELECT $1, $2, $3, m.uuid, m.first_name || ' ' || m.last_name FROM member m WHERE m.uuid = $4
         RETURNING uuid`,
        [session.clientUuid, body.label, hashToken(token), session.memberUuid],
      );
      if (!created) throw new ApiHttpError(500, 'Generic.PersistFailed');
      await recordAudit(tx, session, [
        {
          action: 'client.create-scim-token',
          entityType: 'client',
          entityUuid: session.clientUuid,
          after: { label: body.label },
        },
      ]);
      return { token, settings: await readSettings(tx, request, session) };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.revokeScimToken, async ({ body, request, session }) => {
    const settings = await db.transaction(async (tx) => {
      const [token] = await tx.query<{ label: string; revoked: boolean }>(
        `SELECT label, revoked_at IS NOT NULL AS revoked FROM scim_token WHERE uuid = $1 AND client_uuid = $2 FOR UPDATE`,
        [body.uuid, session.clientUuid],
      );
      if (!token) throw new ApiHttpError(404, 'ScimToken.NotFound');
      // Revoking twice is no error (a second click); the first date stays.
      if (!token.revoked) {
        await tx.query('UPDATE scim_token SET revoked_at = now() WHERE uuid = $1', [body.uuid]);
        await recordAudit(tx, session, [
          {
            action: 'client.revoke-scim-token',
            entityType: 'client',
            entityUuid: session.clientUuid,
            before: { label: token.label },
          },
        ]);
      }
      return readSettings(tx, request, session);
    });
    // After the commit: the next request reads the token's state as committed (tokens.ts keeps verified ones).
    forgetScimTokens(db);
    return settings;
  });

  registerEndpoint(app, db, ENDPOINTS.updateScimSettings, async ({ body, request, session }) => {
    const settings = await db.transaction(async (tx) => {
      const [before] = await tx.query<{ scim_group_target: string }>(
        'SELECT scim_group_target FROM client WHERE uuid = $1 FOR UPDATE',
        [session.clientUuid],
      );
      if (before?.scim_group_target !== body.groupTarget) {
        await tx.query('UPDATE client SET scim_group_target = $2 WHERE uuid = $1', [
          session.clientUuid,
          body.groupTarget,
        ]);
        await recordAudit(tx, session, [
          {
            action: 'client.update-scim',
            entityType: 'client',
            entityUuid: session.clientUuid,
            before: { groupTarget: before?.scim_group_target },
            after: { groupTarget: body.groupTarget },
          },
        ]);
      }
      return readSettings(tx, request, session);
    });
    // After the commit: the next request reads the token's state as committed (tokens.ts keeps verified ones).
    forgetScimTokens(db);
    return settings;
  });
}
