import type { ErrorCode } from '@dash/shared-core';
import type { Queryable } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';

/**
 * The lock that serialises the client's member changes (seats, the last super-admin) until the commit: a
 * transaction-level advisory lock per client, and with it the client's licence limit. Not the client row itself: the
 * company version moves on that row at every commit (migration 019), and a transaction holding the row from its first
 * statement while waiting for a member row that a committing transaction holds would deadlock with it.
 */
export const LOCK_MEMBER_CHANGES = `SELECT c.max_members
   FROM (SELECT pg_advisory_xact_lock(4245, hashtext($1::uuid::text))) AS serialised, client c WHERE c.uuid = $1::uuid`;

async function seatCheck(tx: Queryable, clientUuid: string, adding: number, code: ErrorCode): Promise<void> {
  const [client] = await tx.query<{ max_members: number | null }>(LOCK_MEMBER_CHANGES, [clientUuid]);
  if (!client) throw new ApiHttpError(404, 'Client.NotFound');
  if (client.max_members === null) return;
  const [count] = await tx.query<{ used: number }>(
    'SELECT count(*)::int AS used FROM member WHERE client_uuid = $1 AND archived_at IS NULL',
    [clientUuid],
  );
  if ((count?.used ?? 0) + adding > client.max_members) throw new ApiHttpError(409, code);
}

/**
 * The licence limit (`client.max_members`, null = none): members that are not archived count. Call it inside the
 * transaction that adds the members, before adding them: it takes the client's member-change lock, so that two admins taking the
 * last free seat at once are served one after the other (one success, one `code`).
 */
export async function assertSeatsFor(
  tx: Queryable,
  clientUuid: string,
  adding: number,
  code: ErrorCode = 'Client.MaxMembersReached',
): Promise<void> {
  if (adding <= 0) {
    await tx.query(LOCK_MEMBER_CHANGES, [clientUuid]);
    return;
  }
  await seatCheck(tx, clientUuid, adding, code);
}

/**
 * The same limit, checked as the last step of a transaction that has added its members already (they count
 * themselves): concurrent creations do their work side by side and queue only for this count and the commit. The
 * count of a transaction that got the lock after another one committed sees that one's members (read committed).
 */
export async function assertSeatsAfterAdding(
  tx: Queryable,
  clientUuid: string,
  code: ErrorCode = 'Client.MaxMembersReached',
): Promise<void> {
  await seatCheck(tx, clientUuid, 0, code);
}
