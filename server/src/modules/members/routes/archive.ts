import { type ArchivedMember, ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { iso, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { assertSeatsFor, LOCK_MEMBER_CHANGES } from '../licence';
import { archivedMemberCondition, lockListedArchivedMembers, lockListedMembers } from '../listFilters';
import { assertAnotherSuperAdmin, lockTargets } from '../lookups';

const ARCHIVED_SORT: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  archivedAt: 'm.archived_at',
};

/** Archiving members, the archive's list, and restoring members from it. */
export function registerArchiveRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.memberArchive, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      await tx.query(LOCK_MEMBER_CHANGES, [session.clientUuid]);
      // Members archived already are left as they are: a repeated bulk action (a second click) is no error. A
      // filter ("all N matching") takes the rows the member list shows for it; the rules below hold for them alike.
      const chosen =
        'uuids' in body
          ? await lockTargets(tx, session, body.uuids)
          : await lockListedMembers(tx, session, body.filter);
      const targets = chosen.filter((target) => !target.archived);
      if (targets.length === 0) return 0;
      if (targets.some((target) => target.uuid === session.memberUuid)) {
        throw new ApiHttpError(400, 'Member.CannotChangeSelf');
      }
      const uuids = targets.map((target) => target.uuid);
      const superAdmins = targets.filter((target) => target.role === 'super-admin').map((target) => target.uuid);
      if (superAdmins.length > 0) {
        if (session.role !== 'super-admin') throw new ApiHttpError(403, 'Role.NotAllowed');
        await assertAnotherSuperAdmin(tx, session.clientUuid, superAdmins);
      }
      const [responsible] = await tx.query<{ location: boolean; org_unit: boolean; risk_action: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM location_member WHERE member_uuid = ANY($1::uuid[]) AND responsible) AS location,
                EXISTS (SELECT 1 FROM org_unit_admin WHERE member_uuid = ANY($1::uuid[])) AS org_unit,
                EXISTS (SELECT 1 FROM risk_assessment_action WHERE responsible_member_uuid = ANY($1::uuid[])
                          AND done_at IS NULL) AS risk_action`,
        [uuids],
      );
      if (responsible?.location) throw new ApiHttpError(409, 'Member.HasResponsibleLocation');
      if (responsible?.org_unit) throw new ApiHttpError(409, 'Member.HasResponsibleOrgUnit');
      // An open follow-up action needs an owner who can act: name another responsible member first.
      if (responsible?.risk_action) throw new ApiHttpError(409, 'Member.HasResponsibleRiskAction');
      // One statement for all of them; the stored memberships stay, so that a restore brings them back.
      const archived = await tx.query<{ uuid: string; archived_at: unknown }>(
        'UPDATE member SET archived_at = now() WHERE uuid = ANY($1::uuid[]) RETURNING uuid, archived_at',
        [uuids],
      );
      await tx.query('DELETE FROM session WHERE member_uuid = ANY($1::uuid[])', [uuids]);
      await membershipChanged(tx, session.clientUuid, { memberUuids: uuids });
      await recordAudit(
        tx,
        session,
        archived.map((row) => ({
          action: 'member.archive',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          before: { archivedAt: null },
          after: { archivedAt: iso(row.archived_at) },
        })),
      );
      return archived.length;
    });
    return { count };
  });

  registerEndpoint(app, db, ENDPOINTS.archivedMemberList, async ({ body, session }) => {
    const params: unknown[] = [];
    // The same condition as restoring and deleting by the list's filter.
    const condition = archivedMemberCondition(session, body.filter, params);
    const { rows, total } = await readTablePage<{
      uuid: string;
      first_name: string;
      last_name: string;
      email: string | null;
      username: string;
      role: ArchivedMember['roleIdentifier'];
      archived_at: unknown;
    }>(db, {
      select: `SELECT m.uuid, m.first_name, m.last_name, m.email, m.username, m.role, m.archived_at FROM member m
                WHERE ${condition}`,
      count: `SELECT count(*)::int AS total FROM member m WHERE ${condition}`,
      params,
      order: orderBy(ARCHIVED_SORT, body.sortBy, body.sortDirection, 'm.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map(
        (row): ArchivedMember => ({
          uuid: row.uuid,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          username: row.username,
          roleIdentifier: row.role,
          archivedAt: iso(row.archived_at) ?? '',
        }),
      ),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.archivedMemberUnarchive, async ({ body, session }) => {
    const count = await db.transaction(async (tx) => {
      // Members that are not archived (restored already) are left as they are.
      const chosen =
        'uuids' in body
          ? await lockTargets(tx, session, body.uuids)
          : await lockListedArchivedMembers(tx, session, body.filter);
      const targets = chosen.filter((target) => target.archived);
      if (targets.length === 0) return 0;
      // Takes the client's member-change lock as well: concurrent restores and creates cannot both take the last seats.
      await assertSeatsFor(tx, session.clientUuid, targets.length, 'Unarchive.ExceedsMaxMembers');
      const uuids = targets.map((target) => target.uuid);
      const restored = await tx.query<{ uuid: string; archived_at: unknown }>(
        `UPDATE member m SET archived_at = NULL FROM member old
          WHERE m.uuid = ANY($1::uuid[]) AND old.uuid = m.uuid RETURNING m.uuid, old.archived_at`,
        [uuids],
      );
      await membershipChanged(tx, session.clientUuid, { memberUuids: uuids });
      await recordAudit(
        tx,
        session,
        restored.map((row) => ({
          action: 'member.unarchive',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          before: { archivedAt: iso(row.archived_at) },
          after: { archivedAt: null },
        })),
      );
      return restored.length;
    });
    return { count };
  });
}
