import type { MemberGroup } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

/** The row types and lookups the member-group route files (routes/*.ts) share. */

/** A group's members that count: archived members keep their row (restored with them) but are not counted. */
export const MEMBER_COUNT = `(SELECT count(*)::int FROM member_group_member gm JOIN member cm ON cm.uuid = gm.member_uuid
                        WHERE gm.member_group_uuid = g.uuid AND cm.archived_at IS NULL)`;

export interface GroupRow {
  uuid: string;
  name: string;
  type: MemberGroup['type'];
  member_count: number;
}

export const toGroup = (row: GroupRow): MemberGroup => ({
  uuid: row.uuid,
  name: row.name,
  type: row.type,
  memberCount: row.member_count,
});

/** The group of the session's client, locked for the change that follows; another client's uuid: not found. */
export async function lockGroup(tx: Queryable, session: SessionContext, uuid: string): Promise<GroupRow> {
  const [group] = await tx.query<GroupRow>(
    `SELECT g.uuid, g.name, g.type, ${MEMBER_COUNT} AS member_count
       FROM member_group g WHERE g.uuid = $1 AND g.client_uuid = $2 FOR UPDATE OF g`,
    [uuid, session.clientUuid],
  );
  if (!group) throw new ApiHttpError(404, 'MemberGroup.NotFound');
  return group;
}
