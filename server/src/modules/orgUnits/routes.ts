import { ENDPOINTS, type OrgUnitDetail } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleMembers, visibleOrgUnits } from '../../core/access/scope';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { membershipChanged } from '../../core/events/membershipEvents';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { distinct, isUniqueViolation, readAssignedMembers } from '../memberGroups/assignedMembers';
import { readOrgUnitTree } from './tree';

/** Roles that may be responsible for a unit: admins and super-admins, and the ou-admin, whose role it is. */
const RESPONSIBLE_ROLES = ['admin', 'super-admin', 'ou-admin'];

interface UnitRow {
  uuid: string;
  name: string;
  parent_uuid: string | null;
  is_root: boolean;
  is_default: boolean;
}

/** A unit the session may see and change (locked for the change); any other uuid answers `code`. */
async function visibleUnit(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
  notFound: { status: 400 | 404; code: 'OrgUnit.NotFound' | 'OrgUnit.ParentMismatch' } = {
    status: 404,
    code: 'OrgUnit.NotFound',
  },
): Promise<UnitRow> {
  const params: unknown[] = [uuid];
  const [unit] = await tx.query<UnitRow>(
    `SELECT o.uuid, o.name, o.parent_uuid, o.is_root, o.is_default FROM org_unit o
      WHERE o.uuid = $1 AND ${visibleOrgUnits(session, params)} FOR UPDATE OF o`,
    params,
  );
  if (!unit) throw new ApiHttpError(notFound.status, notFound.code);
  return unit;
}

/**
 * Changes of the tree's shape (create, move, delete) take the client's root row first: they run one after the
 * other per client, so two moves at once cannot build a cycle and a unit cannot get a child while it is deleted.
 */
async function lockTree(tx: Queryable, clientUuid: string): Promise<string | null> {
  const [root] = await tx.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root FOR UPDATE',
    [clientUuid],
  );
  return root?.uuid ?? null;
}

/** The responsible persons, checked: members of the client, not archived, in a responsible role. */
async function checkResponsible(tx: Queryable, session: SessionContext, adminUuids: readonly string[]) {
  const uuids = distinct(adminUuids);
  if (uuids.length === 0) return uuids;
  const [found] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM member
      WHERE uuid = ANY($1::uuid[]) AND client_uuid = $2 AND archived_at IS NULL AND role = ANY($3::text[])`,
    [uuids, session.clientUuid, RESPONSIBLE_ROLES],
  );
  if (found?.count !== uuids.length) throw new ApiHttpError(400, 'OrgUnit.InvalidResponsibleMembers');
  return uuids;
}

async function readDetail(db: Queryable, session: SessionContext, uuid: string): Promise<OrgUnitDetail> {
  const params: unknown[] = [uuid];
  const [row] = await db.query<
    UnitRow & {
      parent_name: string | null;
      member_count: number;
      child_count: number;
      admins: OrgUnitDetail['admins'] | null;
    }
  >(
    `SELECT o.uuid, o.name, o.parent_uuid, o.is_root, o.is_default, p.name AS parent_name,
            (SELECT count(*)::int FROM org_unit_membership om WHERE om.org_unit_uuid = o.uuid) AS member_count,
            (SELECT count(*)::int FROM org_unit c WHERE c.parent_uuid = o.uuid) AS child_count,
            (SELECT json_agg(json_build_object('uuid', m.uuid, 'firstName', m.first_name, 'lastName', m.last_name)
                             ORDER BY m.last_name, m.first_name, m.uuid)
               FROM org_unit_admin oa JOIN member m ON m.uuid = oa.member_uuid
              WHERE oa.org_unit_uuid = o.uuid) AS admins
       FROM org_unit o LEFT JOIN org_unit p ON p.uuid = o.parent_uuid
      WHERE o.uuid = $1 AND ${visibleOrgUnits(session, params)}`,
    params,
  );
  if (!row) throw new ApiHttpError(404, 'OrgUnit.NotFound');
  return {
    uuid: row.uuid,
    orgUnitName: row.name,
    parentUuid: row.parent_uuid,
    parentName: row.parent_name,
    isRoot: row.is_root,
    isDefault: row.is_default,
    memberCount: row.member_count,
    childCount: row.child_count,
    admins: row.admins ?? [],
  };
}

/** Replaces the unit's responsible persons; one audit entry per person added or removed (their history shows it). */
async function setResponsible(
  tx: Queryable,
  unit: { uuid: string; name: string },
  adminUuids: readonly string[],
): Promise<AuditChange[]> {
  const removed = await tx.query<{ member_uuid: string }>(
    'DELETE FROM org_unit_admin WHERE org_unit_uuid = $1 AND NOT member_uuid = ANY($2::uuid[]) RETURNING member_uuid',
    [unit.uuid, adminUuids],
  );
  const added = await tx.query<{ member_uuid: string }>(
    `INSERT INTO org_unit_admin (org_unit_uuid, member_uuid) SELECT $1, unnest($2::uuid[])
     ON CONFLICT DO NOTHING RETURNING member_uuid`,
    [unit.uuid, adminUuids],
  );
  return [
    ...removed.map((row) => ({
      action: 'org-unit.remove-responsible',
      entityType: 'org-unit' as const,
      entityUuid: unit.uuid,
      memberUuid: row.member_uuid,
      before: { orgUnit: unit.name },
    })),
    ...added.map((row) => ({
      action: 'org-unit.add-responsible',
      entityType: 'org-unit' as const,
      entityUuid: unit.uuid,
      memberUuid: row.member_uuid,
      after: { orgUnit: unit.name },
    })),
  ];
}

function membershipChanges(action: string, unit: UnitRow, memberUuids: readonly string[], added: boolean) {
  return memberUuids.map(
    (memberUuid): AuditChange => ({
      action,
      entityType: 'org-unit',
      entityUuid: unit.uuid,
      memberUuid,
      ...(added ? { after: { orgUnit: unit.name } } : { before: { orgUnit: unit.name } }),
    }),
  );
}

/** A unit's name is unique among its siblings (migration 008): a clash answers OrgUnit.IdExists. */
async function withUniqueNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiHttpError(409, 'OrgUnit.IdExists');
    throw error;
  }
}

export function registerOrgUnitRoutes(app: FastifyInstance, db: Database): void {
  // The tree as each kind of reader sees it, exact for the client's company version, which every change of units,
  // their members and admins, and of members moves (migration 019): the counts of a tree of 10,000 members cost
  // about 15 ms of PostgreSQL's time per read, a kept tree none (issue 11: tree read p95 <= 30 ms). Kept as the
  // checked JSON answer (up to 20 MB in all): a tree of 200 units is also 50 KB to check and serialise per call.
  const trees = new KeptAnswers(ENDPOINTS.orgUnitList);
  registerEndpoint(app, db, ENDPOINTS.orgUnitList, async ({ body, session, request }) =>
    trees.get(request, session, session.companyVersion, body.filter.search ?? '', async () => {
      const items = await readOrgUnitTree(db, session, body.filter.search);
      return { items, total: items.length };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.orgUnitDetail, async ({ body, session }) => readDetail(db, session, body.uuid));

  registerEndpoint(app, db, ENDPOINTS.orgUnitCreate, async ({ body, session }) =>
    withUniqueNames(() =>
      db.transaction(async (tx) => {
        const root = await lockTree(tx, session.clientUuid);
        let parent: UnitRow | null = null;
        if (body.parentUuid === null) {
          if (root) throw new ApiHttpError(409, 'OrgUnit.RootExists');
        } else {
          parent = await visibleUnit(tx, session, body.parentUuid, { status: 400, code: 'OrgUnit.ParentMismatch' });
        }
        const admins = await checkResponsible(tx, session, body.adminUuids);
        // An ou-admin stays responsible for what he creates, or it would vanish from his view at once.
        if (session.role === 'ou-admin' && !admins.includes(session.memberUuid)) admins.push(session.memberUuid);
        const [created] = await tx.query<{ uuid: string }>(
          `INSERT INTO org_unit (client_uuid, name, parent_uuid, is_root, is_default)
           VALUES ($1, $2, $3, $4, $4 AND NOT EXISTS (SELECT 1 FROM org_unit WHERE client_uuid = $1 AND is_default))
           RETURNING uuid`,
          [session.clientUuid, body.orgUnitName, parent?.uuid ?? null, parent === null],
        );
        if (!created) throw new Error('org_unit insert returned no row');
        const unit = { uuid: created.uuid, name: body.orgUnitName };
        const responsible = await setResponsible(tx, unit, admins);
        await recordAudit(tx, session, [
          {
            action: 'org-unit.create',
            entityType: 'org-unit',
            entityUuid: created.uuid,
            after: { orgUnitName: body.orgUnitName, parentUuid: parent?.uuid ?? null, adminUuids: admins },
          },
          ...responsible,
        ]);
        return { uuid: created.uuid };
      }),
    ),
  );

  registerEndpoint(app, db, ENDPOINTS.orgUnitUpdate, async ({ body, session }) =>
    withUniqueNames(() =>
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
          before: { orgUnitName: unit.name, parentUuid: unit.parent_uuid, memberCount: members.length },
        },
        ...membershipChanges(
          'org-unit.remove-member',
          unit,
          members.map((row) => row.member_uuid),
          false,
        ),
      ]);
      return { ok: true as const };
    }),
  );

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
      const params: unknown[] = [memberUuids];
      const [found] = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM member m
          WHERE m.uuid = ANY($1::uuid[]) AND m.archived_at IS NULL AND ${visibleMembers(session, params)}`,
        params,
      );
      if (found?.count !== memberUuids.length) throw new ApiHttpError(404, 'Member.NotFound');
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO org_unit_member (org_unit_uuid, member_uuid) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING member_uuid`,
        [unit.uuid, memberUuids],
      );
      const addedUuids = added.map((row) => row.member_uuid);
      await membershipChanged(tx, session.clientUuid, { memberUuids: addedUuids });
      await recordAudit(tx, session, membershipChanges('org-unit.add-member', unit, addedUuids, true));
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
      await membershipChanged(tx, session.clientUuid, { memberUuids: added.map((row) => row.member_uuid) });
      await recordAudit(
        tx,
        session,
        membershipChanges(
          'org-unit.add-member',
          unit,
          added.map((row) => row.member_uuid),
          true,
        ),
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
      await membershipChanged(tx, session.clientUuid, { memberUuids: removed.map((row) => row.member_uuid) });
      await recordAudit(
        tx,
        session,
        membershipChanges(
          'org-unit.remove-member',
          unit,
          removed.map((row) => row.member_uuid),
          false,
        ),
      );
      return { changed: removed.length };
    }),
  );
}
