import { generateIdentifier } from '@dash/shared-core';
import type { OrgUnitDetail } from '@dash/shared-core/contract';
import { visibleOrgUnits } from '../../core/access/scope';
import type { AuditChange } from '../../core/audit/auditTrail';
import type { Queryable } from '../../core/db/database';
import { constraintOf, isUniqueViolation } from '../../core/db/errorCodes';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { distinct } from '../shared/assignedMembers';

/** The row types and lookups the org-unit route files (routes/*.ts) share. */

/** Roles that may be responsible for a unit: admins and super-admins, and the ou-admin, whose role it is. */
const RESPONSIBLE_ROLES = ['admin', 'super-admin', 'ou-admin'];

export interface UnitRow {
  uuid: string;
  name: string;
  identifier: string;
  parent_uuid: string | null;
  is_root: boolean;
  is_default: boolean;
}

/** A unit the session may see and change (locked for the change); any other uuid answers `code`. */
export async function visibleUnit(
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
    `SELECT o.uuid, o.name, o.identifier, o.parent_uuid, o.is_root, o.is_default FROM org_unit o
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
export async function lockTree(tx: Queryable, clientUuid: string): Promise<string | null> {
  const [root] = await tx.query<{ uuid: string }>(
    'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND is_root FOR UPDATE',
    [clientUuid],
  );
  return root?.uuid ?? null;
}

/**
 * The org unit ID a create or an update asks for, refused when another unit of the client has it. Runs after
 * lockTree: creates and updates of one client take turns, so nobody takes the identifier between check and write.
 */
export async function checkIdentifierFree(
  tx: Queryable,
  clientUuid: string,
  identifier: string,
  unitUuid: string | null = null,
): Promise<string> {
  const [taken] = await tx.query(
    'SELECT 1 FROM org_unit WHERE client_uuid = $1 AND identifier = $2 AND uuid IS DISTINCT FROM $3::uuid',
    [clientUuid, identifier, unitUuid],
  );
  if (taken) throw new ApiHttpError(409, 'OrgUnit.IdentifierExists');
  return identifier;
}

/** An org unit ID generated from the unit's name that no unit of the client has yet (spec section 5). */
export async function freeGeneratedIdentifier(tx: Queryable, clientUuid: string, name: string): Promise<string> {
  // 9,000 suffixes per name: a clash is rare, a hundred in a row means the name's suffixes are nearly used up.
  for (let attempt = 0; attempt < 100; attempt++) {
    const candidate = generateIdentifier(name);
    const [taken] = await tx.query('SELECT 1 FROM org_unit WHERE client_uuid = $1 AND identifier = $2', [
      clientUuid,
      candidate,
    ]);
    if (!taken) return candidate;
  }
  throw new ApiHttpError(409, 'OrgUnit.IdentifierExists');
}

/**
 * Runs a create or update of a unit; a row the unique indexes refuse answers 409 with the rule it broke: the
 * identifier (migration 022) or the name among its siblings (migration 008).
 */
export async function withUniqueUnit<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const identifier = constraintOf(error) === 'org_unit_unique_identifier';
    throw new ApiHttpError(409, identifier ? 'OrgUnit.IdentifierExists' : 'OrgUnit.IdExists');
  }
}

/** The responsible persons, checked: members of the client, not archived, in a responsible role. */
export async function checkResponsible(tx: Queryable, session: SessionContext, adminUuids: readonly string[]) {
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

export async function readDetail(db: Queryable, session: SessionContext, uuid: string): Promise<OrgUnitDetail> {
  const params: unknown[] = [uuid];
  const [row] = await db.query<
    UnitRow & {
      parent_name: string | null;
      member_count: number;
      child_count: number;
      admins: OrgUnitDetail['admins'] | null;
    }
  >(
    `SELECT o.uuid, o.name, o.identifier, o.parent_uuid, o.is_root, o.is_default, p.name AS parent_name,
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
    identifier: row.identifier,
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
export async function setResponsible(
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
