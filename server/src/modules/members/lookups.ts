import { visibleMembers } from '../../core/access/scope';
import type { Queryable } from '../../core/db/database';
import { isUniqueViolation } from '../../core/db/errorCodes';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

/** The lookups and checks the member area's route files (routes/*.ts) share. */

/** Only a super-admin gives or takes the super-admin role (a customer adviser acts as an admin). */
export function isSuperAdmin(session: SessionContext): boolean {
  return session.role === 'super-admin';
}

export async function usernameTaken(db: Queryable, clientUuid: string, username: string, except: string | null) {
  const rows = await db.query(
    'SELECT 1 FROM member WHERE client_uuid = $1 AND username = $2 AND ($3::uuid IS NULL OR uuid <> $3::uuid)',
    [clientUuid, username, except],
  );
  return rows.length > 0;
}

/** A unique-index violation on the username (two admins taking the same name at once): 409, not 500. */
export function uniqueUsername(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Username.AlreadyExists');
  throw error;
}

/** 409 Member.LastSuperAdmin unless a super-admin other than `leaving` stays active in the client. */
export async function assertAnotherSuperAdmin(tx: Queryable, clientUuid: string, leaving: readonly string[]) {
  const [row] = await tx.query<{ remaining: number }>(
    `SELECT count(*)::int AS remaining FROM member
      WHERE client_uuid = $1 AND role = 'super-admin' AND archived_at IS NULL AND status = 'active'
        AND uuid <> ALL($2::uuid[])`,
    [clientUuid, leaving],
  );
  if ((row?.remaining ?? 0) === 0) throw new ApiHttpError(409, 'Member.LastSuperAdmin');
}

export interface TargetRow {
  uuid: string;
  role: string;
  archived: boolean;
  deleted: boolean;
}

/**
 * The members of `uuids` the session may change, locked for the transaction. Any uuid that is unknown, of another
 * client, outside the session's scope or deleted answers 404 for the whole call: nothing changes.
 */
export async function lockTargets(
  tx: Queryable,
  session: SessionContext,
  uuids: readonly string[],
  { includeDeleted = false } = {},
): Promise<TargetRow[]> {
  const unique = [...new Set(uuids)];
  const params: unknown[] = [];
  const condition = visibleMembers(session, params);
  params.push(unique, includeDeleted);
  const rows = await tx.query<TargetRow>(
    `SELECT m.uuid, m.role, m.archived_at IS NOT NULL AS archived, m.deleted_at IS NOT NULL AS deleted FROM member m
      WHERE ${condition} AND m.uuid = ANY($${params.length - 1}::uuid[]) AND (m.deleted_at IS NULL OR $${params.length}::boolean)
      ORDER BY m.uuid FOR UPDATE`,
    params,
  );
  if (rows.length !== unique.length) throw new ApiHttpError(404, 'Member.NotFound');
  return rows;
}
