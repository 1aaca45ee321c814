import { ENDPOINTS, type LocationMember } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { likePattern } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { recordMembershipChange } from '../../shared/assignedMembers';
import { readLocation } from '../lookups';

const MEMBER_ORDER: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  responsible: 'lm.responsible',
};

/** Members by the chosen column, then by name (a total order, so that pages never overlap). */
function memberOrder(sortBy: string, direction: 'asc' | 'desc'): string {
  const column = MEMBER_ORDER[sortBy];
  if (!column) throw new Error(`Unknown sort key ${sortBy}`);
  return `ORDER BY ${column} ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, m.last_name, m.first_name, m.uuid`;
}

/** The given members, all of the session's client (archived ones only where `includeArchived`), or 404. */
async function checkMembers(
  tx: Queryable,
  clientUuid: string,
  uuids: readonly string[],
  includeArchived: boolean,
): Promise<string[]> {
  const distinct = [...new Set(uuids)];
  const [row] = await tx.query<{ found: number }>(
    `SELECT count(*)::int AS found FROM member
      WHERE client_uuid = $1 AND uuid = ANY($2::uuid[]) AND deleted_at IS NULL AND ($3 OR archived_at IS NULL)`,
    [clientUuid, distinct, includeArchived],
  );
  if ((row?.found ?? 0) !== distinct.length) throw new ApiHttpError(404, 'Member.NotFound');
  return distinct;
}

/** A location's members tab: the page of its members (responsible ones marked), adding and removing members. */
export function registerLocationMemberRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.locationMemberList, async ({ body, session }) => {
    await readLocation(db, session, body.uuid);
    const params: unknown[] = [body.uuid, session.clientUuid];
    const where = ['lm.location_uuid = $1', 'm.client_uuid = $2', 'm.archived_at IS NULL'];
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      // search_text: lower('first last' \n username \n email), kept by PostgreSQL (migration 004).
      where.push(`m.search_text LIKE lower($${params.length})`);
    }
    const from = `FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid WHERE ${where.join(' AND ')}`;
    const { rows, total } = await readTablePage<{
      uuid: string;
      first_name: string;
      last_name: string;
      username: string;
      email: string | null;
      responsible: boolean;
    }>(db, {
      select: `SELECT m.uuid, m.first_name, m.last_name, m.username, m.email, lm.responsible ${from}`,
      count: `SELECT count(*)::int AS total ${from}`,
      params,
      order: memberOrder(body.sortBy, body.sortDirection),
      page: body.page,
      perPage: body.perPage,
    });
    const items: LocationMember[] = rows.map((row) => ({
      uuid: row.uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      username: row.username,
      email: row.email,
      responsible: row.responsible,
    }));
    return { items, total };
  });

  registerEndpoint(app, db, ENDPOINTS.assignLocationMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const location = await readLocation(tx, session, body.uuid, true);
      const members = await checkMembers(tx, session.clientUuid, body.memberUuids, false);
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO location_member (location_uuid, member_uuid)
         SELECT $1, member_uuid FROM unnest($2::uuid[]) AS member_uuid
         ON CONFLICT (location_uuid, member_uuid) DO NOTHING RETURNING member_uuid`,
        [body.uuid, members],
      );
      await recordMembershipChange(
        tx,
        session,
        added.map((row) => row.member_uuid),
        {
          action: 'location.assign-members',
          entityType: 'location',
          entityUuid: body.uuid,
          after: { location: location.name },
        },
      );
      return { changed: added.length, memberCount: (await readLocation(tx, session, body.uuid)).memberCount };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.removeLocationMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const location = await readLocation(tx, session, body.uuid, true);
      const members = await checkMembers(tx, session.clientUuid, body.memberUuids, true);
      // A responsible person leaves the location only through its details (where responsibility is changed).
      const [responsible] = await tx.query<{ found: number }>(
        `SELECT count(*)::int AS found FROM location_member
          WHERE location_uuid = $1 AND member_uuid = ANY($2::uuid[]) AND responsible`,
        [body.uuid, members],
      );
      if ((responsible?.found ?? 0) > 0) throw new ApiHttpError(409, 'Location.InvalidResponsibleMembers');
      const removed = await tx.query<{ member_uuid: string }>(
        `DELETE FROM location_member WHERE location_uuid = $1 AND member_uuid = ANY($2::uuid[])
         RETURNING member_uuid`,
        [body.uuid, members],
      );
      await recordMembershipChange(
        tx,
        session,
        removed.map((row) => row.member_uuid),
        {
          action: 'location.remove-members',
          entityType: 'location',
          entityUuid: body.uuid,
          before: { location: location.name },
        },
      );
      return { changed: removed.length, memberCount: (await readLocation(tx, session, body.uuid)).memberCount };
    }),
  );
}
