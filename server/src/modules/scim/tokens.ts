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
 * Verified tokens, kept a few seconds per database: a directory's run sends thousands of requests with one token, and
 * a lookup per request would queue each behind the creates on the embedded database's one connection (so that the
 * creates could never be batched). Revoking a token or changing the settings forgets them at once in this process;
 * another instance of the same database refuses a revoked token within TOKEN_KEPT_MS.
 */
const TOKEN_KEPT_MS = 5_000;
const verified = new WeakMap<Queryable, Map<string, { caller: ScimCaller; until: number }>>();

export function forgetScimTokens(db: Queryable): void {
  verified.get(db)?.clear();
}

/**
 * The caller of a bearer token: the client of a token that is not revoked and whose client is not deactivated; null
 * otherwise. Marks the token used (at most once a minute, so that a provisioning run does not write per request).
 */
export async function callerOfToken(db: Queryable, token: string): Promise<ScimCaller | null> {
  if (!token.startsWith('scim_') || token.length > 100) return null;
  const hash = hashToken(token);
  let kept = verified.get(db);
  if (!kept) {
    kept = new Map();
    verified.set(db, kept);
  }
  const hit = kept.get(hash);
  if (hit && hit.until > Date.now()) return hit.caller;
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
  if (!row) {
    kept.delete(hash);
    return null;
  }
  if (row.stale) await db.query('UPDATE scim_token SET last_used_at = now() WHERE uuid = $1', [row.uuid]);
  const caller = {
    clientUuid: row.client_uuid,
    tokenUuid: row.uuid,
    label: row.label,
    groupTarget: row.scim_group_target,
  };
  if (kept.size > 1000) kept.clear();
  kept.set(hash, { caller, until: Date.now() + TOKEN_KEPT_MS });
  return caller;
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
