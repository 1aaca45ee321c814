import { ENDPOINTS, type MemberGroup } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleMembers } from '../../core/access/scope';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { distinct, isUniqueViolation, readAssignedMembers } from './assignedMembers';

/** A group's members that count: archived members keep their row (restored with them) but are not counted. */
const MEMBER_COUNT = `(SELECT count(*)::int FROM member_group_member gm JOIN member cm ON cm.uuid = gm.member_uuid
                        WHERE gm.member_group_uuid = g.uuid AND cm.archived_at IS NULL)`;

const SORT_COLUMNS: Record<string, string> = { name: 'lower(g.name)', type: 'g.type', memberCount: 'member_count' };

interface GroupRow {
  uuid: string;
  name: string;
  type: MemberGroup['type'];
  member_count: number;
}

const toGroup = (row: GroupRow): MemberGroup => ({
  uuid: row.uuid,
  name: row.name,
  type: row.type,
  memberCount: row.member_count,
});

/** The group of the session's client, locked for the change that follows; another client's uuid: not found. */
async function lockGroup(tx: Queryable, session: SessionContext, uuid: string): Promise<GroupRow> {
  const [group] = await tx.query<GroupRow>(
    `SELECT g.uuid, g.name, g.type, ${MEMBER_COUNT} AS member_count
       FROM member_group g WHERE g.uuid = $1 AND g.client_uuid = $2 FOR UPDATE OF g`,
    [uuid, session.clientUuid],
  );
  if (!group) throw new ApiHttpError(404, 'MemberGroup.NotFound');
  return group;
}

export function registerMemberGroupRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the company version, which every change of groups, their members and members moves (migration 019).
  const groupLists = new KeptAnswers(ENDPOINTS.memberGroupList);
  registerEndpoint(app, db, ENDPOINTS.memberGroupList, async ({ body, session, request }) =>
    groupLists.get(request, session, session.companyVersion, body, () => readGroupList(body, session)),
  );

  const readGroupList = async (body: z.output<typeof ENDPOINTS.memberGroupList.request>, session: SessionContext) => {
    const params: unknown[] = [session.clientUuid];
    const where = ['g.client_uuid = $1'];
    if (body.filter.type) {
      params.push(body.filter.type);
      where.push(`g.type = $${params.length}`);
    }
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      where.push(`g.name ILIKE $${params.length}`);
    }
    const from = `FROM member_group g WHERE ${where.join(' AND ')}`;
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

  registerEndpoint(app, db, ENDPOINTS.memberGroupDetails, async ({ body, session }) => {
    const [group] = await db.query<GroupRow>(
      `SELECT g.uuid, g.name, g.type, ${MEMBER_COUNT} AS member_count FROM member_group g
        WHERE g.uuid = $1 AND g.client_uuid = $2`,
      [body.uuid, session.clientUuid],
    );
    if (!group) throw new ApiHttpError(404, 'MemberGroup.NotFound');
    return toGroup(group);
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupCreate, async ({ body, session }) => {
    try {
      return await db.transaction(async (tx) => {
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
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiHttpError(409, 'MemberGroup.IdExists');
      throw error;
    }
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupUpdate, async ({ body, session }) => {
    try {
      return await db.transaction(async (tx) => {
        const group = await lockGroup(tx, session, body.uuid);
        await tx.query('UPDATE member_group SET name = $2, type = $3 WHERE uuid = $1', [
          group.uuid,
          body.name,
          body.type,
        ]);
        if (group.name !== body.name || group.type !== body.type) {
          await recordAudit(tx, session, [
            {
              action: 'member-group.update',
              entityType: 'member-group',
              entityUuid: group.uuid,
              before: { name: group.name, type: group.type },
              after: { name: body.name, type: body.type },
            },
          ]);
        }
        return toGroup({ ...group, name: body.name, type: body.type });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiHttpError(409, 'MemberGroup.IdExists');
      throw error;
    }
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupDelete, async ({ body, session }) => {
    const uuids = distinct(body.uuids);
    return db.transaction(async (tx) => {
      const groups = await tx.query<{ uuid: string; name: string; type: string; members: string[] }>(
        `SELECT g.uuid, g.name, g.type,
                ARRAY(SELECT gm.member_uuid FROM member_group_member gm WHERE gm.member_group_uuid = g.uuid) AS members
           FROM member_group g WHERE g.uuid = ANY($1::uuid[]) AND g.client_uuid = $2 FOR UPDATE OF g`,
        [uuids, session.clientUuid],
      );
      // All or nothing: one uuid that is not the client's refuses the whole call.
      if (groups.length !== uuids.length) throw new ApiHttpError(404, 'MemberGroup.NotFound');
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
          ...group.members.map((member) => ({
            action: 'member-group.remove-member',
            entityType: 'member-group' as const,
            entityUuid: group.uuid,
            memberUuid: member,
            before: { group: group.name },
          })),
        ]),
      );
      return { changed: groups.length };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupMemberList, async ({ body, session }) => {
    const [group] = await db.query<{ uuid: string }>(
      'SELECT uuid FROM member_group WHERE uuid = $1 AND client_uuid = $2',
      [body.uuid, session.clientUuid],
    );
    if (!group) throw new ApiHttpError(404, 'MemberGroup.NotFound');
    return readAssignedMembers(
      db,
      body,
      'SELECT gm.member_uuid FROM member_group_member gm WHERE gm.member_group_uuid = $1',
      [group.uuid],
    );
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupAssignMembers, async ({ body, session }) => {
    const memberUuids = distinct(body.memberUuids);
    return db.transaction(async (tx) => {
      const group = await lockGroup(tx, session, body.uuid);
      const params: unknown[] = [memberUuids];
      const visible = visibleMembers(session, params);
      const [found] = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM member m
          WHERE m.uuid = ANY($1::uuid[]) AND m.archived_at IS NULL AND ${visible}`,
        params,
      );
      if (found?.count !== memberUuids.length) throw new ApiHttpError(404, 'Member.NotFound');
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO member_group_member (member_group_uuid, member_uuid)
         SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING member_uuid`,
        [group.uuid, memberUuids],
      );
      await recordAudit(
        tx,
        session,
        added.map((row) => ({
          action: 'member-group.add-member',
          entityType: 'member-group' as const,
          entityUuid: group.uuid,
          memberUuid: row.member_uuid,
          after: { group: group.name },
        })),
      );
      return { changed: added.length };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupRemoveMembers, async ({ body, session }) => {
    const memberUuids = distinct(body.memberUuids);
    return db.transaction(async (tx) => {
      const group = await lockGroup(tx, session, body.uuid);
      const removed = await tx.query<{ member_uuid: string }>(
        `DELETE FROM member_group_member WHERE member_group_uuid = $1 AND member_uuid = ANY($2::uuid[])
         RETURNING member_uuid`,
        [group.uuid, memberUuids],
      );
      await recordAudit(
        tx,
        session,
        removed.map((row) => ({
          action: 'member-group.remove-member',
          entityType: 'member-group' as const,
          entityUuid: group.uuid,
          memberUuid: row.member_uuid,
          before: { group: group.name },
        })),
      );
      return { changed: removed.length };
    });
  });
}
