import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleOrgUnits } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { requireElearning } from '../lookups';
import { syncElearningTasks } from '../taskSync';

/** Org units of the client given by uuid (an ou-admin: his units); 404 OrgUnit.NotFound when one is not. */
async function requireOrgUnits(db: Queryable, session: SessionContext, uuids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(uuids)];
  const params: unknown[] = [unique];
  const visible = visibleOrgUnits(session, params, 'o');
  const rows = await db.query<{ uuid: string }>(
    `SELECT o.uuid FROM org_unit o WHERE o.uuid = ANY ($1::uuid[]) AND ${visible}`,
    params,
  );
  if (rows.length !== unique.length) throw new ApiHttpError(404, 'OrgUnit.NotFound');
  return unique;
}

/** The org units an e-learning is assigned to: listed, added and removed, the members' tasks following. */
export function registerAssignmentRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningOrgUnitAssignments, async ({ body, session }) => {
    await requireElearning(db, session, body.uuid);
    const params: unknown[] = [body.uuid];
    const visible = visibleOrgUnits(session, params, 'o');
    const rows = await db.query<{
      uuid: string;
      name: string;
      is_default: boolean;
      member_count: number;
      admins: Array<{ uuid: string; firstName: string; lastName: string }>;
      assigned_at: unknown;
    }>(
      `SELECT o.uuid, o.name, o.is_default, a.assigned_at,
              (WITH RECURSIVE subtree AS (
                  SELECT o.uuid AS uuid UNION SELECT c.uuid FROM org_unit c JOIN subtree s ON c.parent_uuid = s.uuid)
               SELECT count(DISTINCT om.member_uuid) FROM org_unit_membership om JOIN subtree s ON s.uuid = om.org_unit_uuid)::int
                AS member_count,
              coalesce((SELECT json_agg(json_build_object('uuid', m.uuid, 'firstName', m.first_name, 'lastName', m.last_name)
                                        ORDER BY m.last_name, m.first_name)
                          FROM org_unit_admin oa JOIN member m ON m.uuid = oa.member_uuid
                         WHERE oa.org_unit_uuid = o.uuid AND m.archived_at IS NULL), '[]') AS admins
         FROM elearning_org_unit a JOIN org_unit o ON o.uuid = a.org_unit_uuid
        WHERE a.elearning_uuid = $1 AND ${visible}
        ORDER BY o.is_default DESC, o.name, o.uuid`,
      params,
    );
    return {
      items: rows.map((row) => ({
        orgUnitUuid: row.uuid,
        orgUnitName: row.name,
        isDefault: row.is_default,
        memberCount: row.member_count,
        admins: row.admins,
        assignedAt: iso(row.assigned_at) ?? '',
      })),
      total: rows.length,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningAssignOrgUnits, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const units = await requireOrgUnits(tx, session, body.orgUnitUuids);
      const added = await tx.query<{ org_unit_uuid: string }>(
        `INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid)
         SELECT $1, unit, $3 FROM unnest($2::uuid[]) AS unit
         ON CONFLICT DO NOTHING RETURNING org_unit_uuid`,
        [body.uuid, units, session.clientUuid],
      );
      const { created } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid });
      await recordAudit(tx, session, [
        {
          action: 'elearning.assign-org-units',
          entityType: 'elearning',
          entityUuid: body.uuid,
          after: { orgUnitUuids: added.map((row) => row.org_unit_uuid), createdTasks: created },
        },
      ]);
      return { changedOrgUnitCount: added.length, changedTaskCount: created };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.elearningRemoveOrgUnits, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const units = await requireOrgUnits(tx, session, body.orgUnitUuids);
      const removedUnits = await tx.query<{ org_unit_uuid: string }>(
        `DELETE FROM elearning_org_unit WHERE elearning_uuid = $1 AND org_unit_uuid = ANY ($2::uuid[])
         RETURNING org_unit_uuid`,
        [body.uuid, units],
      );
      const { removed } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid });
      await recordAudit(tx, session, [
        {
          action: 'elearning.remove-org-units',
          entityType: 'elearning',
          entityUuid: body.uuid,
          before: { orgUnitUuids: removedUnits.map((row) => row.org_unit_uuid) },
          after: { removedOpenTasks: removed },
        },
      ]);
      return { changedOrgUnitCount: removedUnits.length, changedTaskCount: removed };
    }),
  );
}
