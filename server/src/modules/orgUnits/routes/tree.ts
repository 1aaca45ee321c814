import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { auditPerMember } from '../../shared/assignedMembers';
import {
  checkIdentifierFree,
  checkResponsible,
  freeGeneratedIdentifier,
  lockTree,
  setResponsible,
  type UnitRow,
  visibleUnit,
  withUniqueUnit,
} from '../lookups';
import { readOrgUnitTree } from '../tree';

/** The tree page: the tree, a new unit, and deleting a unit. */
export function registerOrgUnitTreeRoutes(app: FastifyInstance, db: Database): void {
  // The tree as each kind of reader sees it, exact for the client's company version, which every change of units,
  // their members and admins, and of members moves (migration 019): the counts of a tree of 10,000 members are
  // most of a read's time, a kept tree costs none. Kept as the checked JSON answer (up to 20 MB in all): a large
  // tree is also much to check and serialise per call.
  const trees = new KeptAnswers(ENDPOINTS.orgUnitList);
  registerEndpoint(app, db, ENDPOINTS.orgUnitList, async ({ body, session, request }) =>
    trees.get(request, session, session.companyVersion, body.filter.search ?? '', async () => {
      const items = await readOrgUnitTree(db, session, body.filter.search);
      return { items, total: items.length };
    }),
  );

  // A unit's name is unique among its siblings (migration 008), its identifier within the client (migration 022).
  registerEndpoint(app, db, ENDPOINTS.orgUnitCreate, async ({ body, session }) =>
    withUniqueUnit(() =>
      db.transaction(async (tx) => {
        const root = await lockTree(tx, session.clientUuid);
        let parent: UnitRow | null = null;
        if (body.parentUuid === null) {
          if (root) throw new ApiHttpError(409, 'OrgUnit.RootExists');
        } else {
          parent = await visibleUnit(tx, session, body.parentUuid, { status: 400, code: 'OrgUnit.ParentMismatch' });
        }
        const identifier =
          body.identifier === undefined
            ? await freeGeneratedIdentifier(tx, session.clientUuid, body.orgUnitName)
            : await checkIdentifierFree(tx, session.clientUuid, body.identifier);
        const admins = await checkResponsible(tx, session, body.adminUuids);
        // An ou-admin stays responsible for what he creates, or it would vanish from his view at once.
        if (session.role === 'ou-admin' && !admins.includes(session.memberUuid)) admins.push(session.memberUuid);
        const [created] = await tx.query<{ uuid: string }>(
          `INSERT INTO org_unit (client_uuid, name, identifier, parent_uuid, is_root, is_default)
           VALUES ($1, $2, $3, $4, $5, $5 AND NOT EXISTS (SELECT 1 FROM org_unit WHERE client_uuid = $1 AND is_default))
           RETURNING uuid`,
          [session.clientUuid, body.orgUnitName, identifier, parent?.uuid ?? null, parent === null],
        );
        if (!created) throw new Error('org_unit insert returned no row');
        const unit = { uuid: created.uuid, name: body.orgUnitName };
        const responsible = await setResponsible(tx, unit, admins);
        await recordAudit(tx, session, [
          {
            action: 'org-unit.create',
            entityType: 'org-unit',
            entityUuid: created.uuid,
            after: { orgUnitName: body.orgUnitName, identifier, parentUuid: parent?.uuid ?? null, adminUuids: admins },
          },
          ...responsible,
        ]);
        return { uuid: created.uuid };
      }),
    ),
  );

  registerEndpoint(app, db, ENDPOINTS.orgUnitDelete, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await lockTree(tx, session.clientUuid);
      const unit = await visibleUnit(tx, session, body.uuid);
      if (unit.is_root) throw new ApiHttpError(409, 'OrgUnit.RootNotDeletable');
      if (unit.is_default) throw new ApiHttpError(409, 'OrgUnit.DefaultNotDeletable');
      // Children are never moved or deleted silently: the administrator decides where they go first.
      const [child] = await tx.query('SELECT 1 FROM org_unit WHERE parent_uuid = $1 LIMIT 1', [unit.uuid]);
      if (child) throw new ApiHttpError(409, 'OrgUnit.HasChildren');
      const members = await tx.query<{ member_uuid: string }>(
        'SELECT member_uuid FROM org_unit_member WHERE org_unit_uuid = $1',
        [unit.uuid],
      );
      await tx.query('DELETE FROM org_unit WHERE uuid = $1', [unit.uuid]);
      await membershipChanged(tx, session.clientUuid, { memberUuids: members.map((row) => row.member_uuid) });
      await recordAudit(tx, session, [
        {
          action: 'org-unit.delete',
          entityType: 'org-unit',
          entityUuid: unit.uuid,
          before: {
            orgUnitName: unit.name,
            identifier: unit.identifier,
            parentUuid: unit.parent_uuid,
            memberCount: members.length,
          },
        },
        ...auditPerMember(
          members.map((row) => row.member_uuid),
          {
            action: 'org-unit.remove-member',
            entityType: 'org-unit',
            entityUuid: unit.uuid,
            before: { orgUnit: unit.name },
          },
        ),
      ]);
      return { ok: true as const };
    }),
  );
}
