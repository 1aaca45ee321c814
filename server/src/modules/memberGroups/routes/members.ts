import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { auditPerMember, checkVisibleMembers, distinct, readAssignedMembers } from '../../shared/assignedMembers';
import { lockGroup } from '../lookups';

/** A group's members tab: the page of its members, adding and removing members. */
export function registerMemberGroupMemberRoutes(app: FastifyInstance, db: Database): void {
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
      await checkVisibleMembers(tx, session, memberUuids);
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO member_group_member (member_group_uuid, member_uuid)
         SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING member_uuid`,
        [group.uuid, memberUuids],
      );
      await recordAudit(
        tx,
        session,
        auditPerMember(
          added.map((row) => row.member_uuid),
          {
            action: 'member-group.add-member',
            entityType: 'member-group',
            entityUuid: group.uuid,
            after: { group: group.name },
          },
        ),
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
        auditPerMember(
          removed.map((row) => row.member_uuid),
          {
            action: 'member-group.remove-member',
            entityType: 'member-group',
            entityUuid: group.uuid,
            before: { group: group.name },
          },
        ),
      );
      return { changed: removed.length };
    });
  });
}
