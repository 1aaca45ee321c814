import type { ErrorCode } from '@dash/shared-core';
import type { Queryable } from '../../db/database';
import { ApiHttpError } from '../../http/errors';

/**
 * The client row's lock that serialises the client's member changes (seats, the last super-admin). FOR NO KEY UPDATE,
 * not FOR UPDATE: inserting a member takes a key-share lock on its client row (the foreign key), which FOR UPDATE
 * would conflict with, so two creates that lock after inserting would deadlock.
 */
export const LOCK_CLIENT_ROW = 'SELECT max_members FROM client WHERE uuid = $1 FOR NO KEY UPDATE';

async function seatCheck(tx: Queryable, clientUuid: string, adding: number, code: ErrorCode): Promise<void> {
  const [client] = await tx.query<{ max_members: number | null }>(LOCK_CLIENT_ROW, [clientUuid]);
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
 * transaction that adds the members, before adding them: it locks the client row, so that two admins taking the
 * last free seat at once are served one after the other (one success, one `code`).
 */
export async function assertSeatsFor(
  tx: Queryable,
  clientUuid: string,
  adding: number,
  code: ErrorCode = 'Client.MaxMembersReached',
): Promise<void> {
  if (adding <= 0) {
    await tx.query(LOCK_CLIENT_ROW, [clientUuid]);
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
