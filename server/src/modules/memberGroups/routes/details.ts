import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { withUniqueName } from '../../shared/assignedMembers';
import { type GroupRow, lockGroup, MEMBER_COUNT, toGroup } from '../lookups';

/** A group's details page: reading the group and changing its name and type. */
export function registerMemberGroupDetailRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.memberGroupDetails, async ({ body, session }) => {
    const [group] = await db.query<GroupRow>(
      `SELECT g.uuid, g.name, g.type, ${MEMBER_COUNT} AS member_count FROM member_group g
        WHERE g.uuid = $1 AND g.client_uuid = $2`,
      [body.uuid, session.clientUuid],
    );
    if (!group) throw new ApiHttpError(404, 'MemberGroup.NotFound');
    return toGroup(group);
  });

  registerEndpoint(app, db, ENDPOINTS.memberGroupUpdate, async ({ body, session }) =>
    withUniqueName('MemberGroup.IdExists', () =>
      db.transaction(async (tx) => {
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
      }),
    ),
  );
}
