import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { type AuditChange, recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import {
  checkIdentifierFree,
  checkResponsible,
  lockTree,
  readDetail,
  setResponsible,
  visibleUnit,
  withUniqueUnit,
} from '../lookups';

/** A unit's details page: reading the unit, and changing its name, parent and responsible persons. */
export function registerOrgUnitDetailRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.orgUnitDetail, async ({ body, session }) => readDetail(db, session, body.uuid));

  // A unit's name is unique among its siblings (migration 008), its identifier within the client (migration 022).
  registerEndpoint(app, db, ENDPOINTS.orgUnitUpdate, async ({ body, session }) =>
    withUniqueUnit(() =>
      db.transaction(async (tx) => {
        await lockTree(tx, session.clientUuid);
        const unit = await visibleUnit(tx, session, body.uuid);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (body.parentUuid !== undefined && body.parentUuid !== unit.parent_uuid) {
          // The root stays the root; a unit cannot move below itself or anything below it.
          if (unit.is_root) throw new ApiHttpError(400, 'OrgUnit.ParentMismatch');
          const parent = await visibleUnit(tx, session, body.parentUuid, {
            status: 400,
            code: 'OrgUnit.ParentMismatch',
          });
          const [cycle] = await tx.query<{ found: boolean }>(
            `WITH RECURSIVE below AS (
               SELECT uuid FROM org_unit WHERE uuid = $1
               UNION ALL
               SELECT c.uuid FROM org_unit c JOIN below b ON c.parent_uuid = b.uuid
             )
             SELECT EXISTS (SELECT 1 FROM below WHERE uuid = $2) AS found`,
            [unit.uuid, parent.uuid],
          );
          if (cycle?.found) throw new ApiHttpError(400, 'OrgUnit.ParentMismatch');
          await tx.query('UPDATE org_unit SET parent_uuid = $2 WHERE uuid = $1', [unit.uuid, parent.uuid]);
          // Assignments include sub-units: the moved unit's members and those below it may gain or lose tasks.
          await membershipChanged(tx, session.clientUuid, { orgUnitUuids: [unit.uuid] });
          before.parentUuid = unit.parent_uuid;
          after.parentUuid = parent.uuid;
        }
        if (body.orgUnitName !== undefined && body.orgUnitName !== unit.name) {
          await tx.query('UPDATE org_unit SET name = $2 WHERE uuid = $1', [unit.uuid, body.orgUnitName]);
          before.orgUnitName = unit.name;
          after.orgUnitName = body.orgUnitName;
        }
        if (body.identifier !== undefined && body.identifier !== unit.identifier) {
          await checkIdentifierFree(tx, session.clientUuid, body.identifier, unit.uuid);
          await tx.query('UPDATE org_unit SET identifier = $2 WHERE uuid = $1', [unit.uuid, body.identifier]);
          before.identifier = unit.identifier;
          after.identifier = body.identifier;
        }
        const changes: AuditChange[] = [];
        if (body.adminUuids !== undefined) {
          const admins = await checkResponsible(tx, session, body.adminUuids);
          changes.push(...(await setResponsible(tx, { uuid: unit.uuid, name: unit.name }, admins)));
        }
        if (Object.keys(after).length > 0) {
          changes.unshift({ action: 'org-unit.update', entityType: 'org-unit', entityUuid: unit.uuid, before, after });
        }
        await recordAudit(tx, session, changes);
        return readDetail(tx, session, unit.uuid).catch(async (error: unknown) => {
          // An ou-admin who removed himself no longer sees the unit: the change stands, the answer is the unit.
          if (!(error instanceof ApiHttpError)) throw error;
          return readDetail(tx, { ...session, role: 'admin' }, unit.uuid);
        });
      }),
    ),
  );
}
