import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../core/db/database';
import { hashToken } from '../../core/sessions/sessions';

/** What a SCIM request acts as: the client of its token (every query is scoped by `clientUuid`). */
export interface ScimCaller {
  clientUuid: string;
  tokenUuid: string;
  label: string;
  groupTarget: 'org-units' | 'member-groups';
}

/** `scim_` and 32 random bytes (base64url): the prefix tells a leaked token's kind at a glance (secret scanners). */
export function newScimToken(): string {
  return `scim_${randomBytes(32).toString('base64url')}`;
}

/**
 * The caller of a bearer token: the client of a token that is not revoked and whose client is not deactivated; null
 * otherwise. Marks the token used (at most once a minute, so that a provisioning run does not write per request).
 */
export async function callerOfToken(db: Queryable, token: string): Promise<ScimCaller | null> {
  if (!token.startsWith('scim_') || token.length > 100) return null;
  const hash = hashToken(token);
  const [row] = await db.query<{
    uuid: string;
    client_uuid: string;
    label: string;
    scim_group_target: ScimCaller['groupTarget'];
    stale: boolean;
  }>(
    `SELECT t.uuid, t.client_uuid, t.label, c.scim_group_target,
            t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute' AS stale
       FROM scim_token t JOIN client c ON c.uuid = t.client_uuid
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND c.deactivated_at IS NULL`,
    [hash],
  );
  if (!row) return null;
  if (row.stale) await db.query('UPDATE scim_token SET last_used_at = now() WHERE uuid = $1', [row.uuid]);
  return { clientUuid: row.client_uuid, tokenUuid: row.uuid, label: row.label, groupTarget: row.scim_group_target };
}

/** The audit trail's actor of a SCIM change: no member, the token's name ("SCIM: Entra ID"). */
export function auditActor(caller: ScimCaller) {
  return {
    clientUuid: caller.clientUuid,
    memberUuid: null,
    support: null,
    actorName: `SCIM: ${caller.label}`,
  } as const;
}
