import { BULK_MAX } from '@dash/shared-core';
import { ENDPOINTS, type memberGroupListFilterSchema } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../../core/audit/auditTrail';
import { lockMatchingRows } from '../../../core/db/bulkSelection';
import type { Database } from '../../../core/db/database';
import { likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { auditPerMember, distinct, withUniqueName } from '../../shared/assignedMembers';
import { type GroupRow, MEMBER_COUNT, toGroup } from '../lookups';

interface DeletedGroup {
  uuid: string;
  name: string;
  type: string;
  members: string[];
}
const DELETED_GROUP_SELECT = `SELECT g.uuid, g.name, g.type,
         ARRAY(SELECT gm.member_uuid FROM member_group_member gm WHERE gm.member_group_uuid = g.uuid) AS members
    FROM member_group g`;

const SORT_COLUMNS: Record<string, string> = { name: 'lower(g.name)', type: 'g.type', memberCount: 'member_count' };

type GroupListFilter = z.output<typeof memberGroupListFilterSchema>;

/**
 * The list's rows for `filter`, on alias `g`: the list and deleting by the list's filter share it, so that "all N
 * matching" deletes exactly the groups the list shows.
 */
function groupListCondition(session: SessionContext, filter: GroupListFilter, params: unknown[]): string {
  params.push(session.clientUuid);
  const where = [`g.client_uuid = $${params.length}`];
  if (filter.type) {
    params.push(filter.type);
    where.push(`g.type = $${params.length}`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    where.push(`g.name ILIKE $${params.length}`);
  }
  return where.join(' AND ');
}

/** The group list page: the list, a new group, and deleting groups. */
export function registerMemberGroupListRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the company version, which every change of groups, their members and members moves (migration 019).
  const groupLists = new KeptAnswers(ENDPOINTS.memberGroupList);
  registerEndpoint(app, db, ENDPOINTS.memberGroupList, async ({ body, session, request }) =>
    groupLists.get(request, session, session.companyVersion, body, () => readGroupList(body, session)),
  );

  const readGroupList = async (body: z.output<typeof ENDPOINTS.memberGroupList.request>, session: SessionContext) => {
    const params: unknown[] = [];
    const from = `FROM member_group g WHERE ${groupListCondition(session, body.filter, params)}`;
    const { rows, total } = await readTablePage<GroupRow>(db, {
      select: `SELECT g.uuid, g.name, g.type, ${MEMBER_COUNT} AS member_count ${from}`,
      count: `SELECT count(*)::int AS total ${from}`,
      params,
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'g.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toGroup), total };
  };

  registerEndpoint(app, db, ENDPOINTS.memberGroupCreate, async ({ body, session }) =>
    withUniqueName('MemberGroup.IdExists', () =>
      db.transaction(async (tx) => {
        const [created] = await tx.query<{ uuid: string }>(
          'INSERT INTO member_group (client_uuid, name, type) VALUES ($1, $2, $3) RETURNING uuid',
          [session.clientUuid, body.name, body.type],
        );
        if (!created) throw new Error('member_group insert returned no row');
        await recordAudit(tx, session, [
          {
            action: 'member-group.create',
            entityType: 'member-group',
            entityUuid: created.uuid,
            after: { name: body.name, type: body.type },
          },
        ]);
        return { uuid: created.uuid };
      }),
    ),
  );

  registerEndpoint(app, db, ENDPOINTS.memberGroupDelete, async ({ body, session }) => {
    return db.transaction(async (tx) => {
      let groups: DeletedGroup[];
      if ('uuids' in body) {
        const uuids = distinct(body.uuids);
        groups = await tx.query<DeletedGroup>(
          `${DELETED_GROUP_SELECT} WHERE g.uuid = ANY($1::uuid[]) AND g.client_uuid = $2 FOR UPDATE OF g`,
          [uuids, session.clientUuid],
        );
        // All or nothing: one uuid that is not the client's refuses the whole call.
        if (groups.length !== uuids.length) throw new ApiHttpError(404, 'MemberGroup.NotFound');
      } else {
        const params: unknown[] = [];
        const condition = groupListCondition(session, body.filter, params);
        groups = await lockMatchingRows<DeletedGroup>(
          tx,
          `${DELETED_GROUP_SELECT} WHERE ${condition} ORDER BY g.uuid`,
          params,
          BULK_MAX,
          'FOR UPDATE OF g',
        );
      }
      const uuids = groups.map((group) => group.uuid);
      await tx.query('DELETE FROM member_group WHERE uuid = ANY($1::uuid[])', [uuids]);
      await recordAudit(
        tx,
        session,
        groups.flatMap((group) => [
          {
            action: 'member-group.delete',
            entityType: 'member-group' as const,
            entityUuid: group.uuid,
            before: { name: group.name, type: group.type, memberCount: group.members.length },
          },
          // Each member's history shows that he left the group with it.
          ...auditPerMember(group.members, {
            action: 'member-group.remove-member',
            entityType: 'member-group',
            entityUuid: group.uuid,
            before: { group: group.name },
          }),
        ]),
      );
      return { changed: groups.length };
    });
  });
}
