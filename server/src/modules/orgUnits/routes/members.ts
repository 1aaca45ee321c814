import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleOrgUnits } from '../../../core/access/scope';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import {
  checkVisibleMembers,
  distinct,
  readAssignedMembers,
  recordMembershipChange,
} from '../../shared/assignedMembers';
import { visibleUnit } from '../lookups';

/** A unit's members tab: the page of its members, adding, copying another unit's members, and removing members. */
export function registerOrgUnitMemberRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.orgUnitMemberList, async ({ body, session }) => {
    const params: unknown[] = [body.uuid];
    const [unit] = await db.query<{ uuid: string }>(
      `SELECT o.uuid FROM org_unit o WHERE o.uuid = $1 AND ${visibleOrgUnits(session, params)}`,
      params,
    );
    if (!unit) throw new ApiHttpError(404, 'OrgUnit.NotFound');
    return readAssignedMembers(
      db,
      body,
      'SELECT om.member_uuid FROM org_unit_membership om WHERE om.org_unit_uuid = $1',
      [unit.uuid],
    );
  });

  registerEndpoint(app, db, ENDPOINTS.orgUnitAddMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const unit = await visibleUnit(tx, session, body.uuid);
      // The default unit holds every member by definition: nothing can be added or removed there.
      if (unit.is_default) throw new ApiHttpError(409, 'OrgUnit.MembersNotChanged');
      const memberUuids = distinct(body.memberUuids);
      await checkVisibleMembers(tx, session, memberUuids);
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO org_unit_member (org_unit_uuid, member_uuid) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING member_uuid`,
        [unit.uuid, memberUuids],
      );
      const addedUuids = added.map((row) => row.member_uuid);
      await recordMembershipChange(tx, session, addedUuids, {
        action: 'org-unit.add-member',
        entityType: 'org-unit',
        entityUuid: unit.uuid,
        after: { orgUnit: unit.name },
      });
      return { changed: added.length };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.orgUnitCopyMemberAssignments, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const unit = await visibleUnit(tx, session, body.uuid);
      if (unit.is_default) throw new ApiHttpError(409, 'OrgUnit.MembersNotChanged');
      const params: unknown[] = [body.sourceUuid];
      const [source] = await tx.query<{ uuid: string }>(
        `SELECT o.uuid FROM org_unit o WHERE o.uuid = $1 AND ${visibleOrgUnits(session, params)}`,
        params,
      );
      if (!source) throw new ApiHttpError(404, 'OrgUnit.NotFound');
      // One statement for every member of the source (the default unit as a source: everybody not archived).
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO org_unit_member (org_unit_uuid, member_uuid)
         SELECT $1, om.member_uuid FROM org_unit_membership om WHERE om.org_unit_uuid = $2
         ON CONFLICT DO NOTHING RETURNING member_uuid`,
        [unit.uuid, source.uuid],
      );
      await recordMembershipChange(
        tx,
        session,
        added.map((row) => row.member_uuid),
        {
          action: 'org-unit.add-member',
          entityType: 'org-unit',
          entityUuid: unit.uuid,
          after: { orgUnit: unit.name },
        },
      );
      return { changed: added.length };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.orgUnitRemoveMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const unit = await visibleUnit(tx, session, body.uuid);
      if (unit.is_default) throw new ApiHttpError(409, 'OrgUnit.MembersNotChanged');
      const removed = await tx.query<{ member_uuid: string }>(
        `DELETE FROM org_unit_member WHERE org_unit_uuid = $1 AND member_uuid = ANY($2::uuid[])
         RETURNING member_uuid`,
        [unit.uuid, distinct(body.memberUuids)],
      );
      await recordMembershipChange(
        tx,
        session,
        removed.map((row) => row.member_uuid),
        {
          action: 'org-unit.remove-member',
          entityType: 'org-unit',
          entityUuid: unit.uuid,
          before: { orgUnit: unit.name },
        },
      );
      return { changed: removed.length };
    }),
  );
}
