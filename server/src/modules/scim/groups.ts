import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { membershipChanged } from '../../core/events/membershipEvents';
import { freeGeneratedIdentifier, lockTree, withUniqueUnit } from '../orgUnits/lookups';
import { auditPerMember, withUniqueName } from '../shared/assignedMembers';
import type { EqualityFilter } from './filter';
import type { Json, JsonObject } from './patch';
import { ScimError } from './scimError';
import { auditActor, type ScimCaller } from './tokens';
import { LIST_SCHEMA, versionOf } from './users';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/**
 * The directory's groups in the dashboard (docs/scim.md "Groups"): org units below the root (created by the directory
 * when new; their members get the units' tasks, as when an admin adds them), or the client's member groups (matched
 * by name: a member group has a type the directory cannot know, so an admin creates it first).
 */
interface Kind {
  table: 'org_unit' | 'member_group';
  members: { table: 'org_unit_member' | 'member_group_member'; group: 'org_unit_uuid' | 'member_group_uuid' };
  /** Which of the table's rows are groups for SCIM. */
  visible: string;
  entity: 'org-unit' | 'member-group';
  /** The audit entries' field that names the group (as the admins' screens write them). */
  field: 'orgUnit' | 'group';
}

const ORG_UNITS: Kind = {
  table: 'org_unit',
  members: { table: 'org_unit_member', group: 'org_unit_uuid' },
  visible: 'NOT g.is_root AND NOT g.is_default',
  entity: 'org-unit',
  field: 'orgUnit',
};
const MEMBER_GROUPS: Kind = {
  table: 'member_group',
  members: { table: 'member_group_member', group: 'member_group_uuid' },
  visible: 'true',
  entity: 'member-group',
  field: 'group',
};

const kindOf = (caller: ScimCaller) => (caller.groupTarget === 'org-units' ? ORG_UNITS : MEMBER_GROUPS);

interface GroupRow {
  uuid: string;
  name: string;
  created_at: unknown;
}

export interface ScimGroupInput {
  displayName: string;
  /** Member uuids; null: PUT without members (they stay). */
  members: string[] | null;
}

export function groupInputOf(resource: JsonObject): ScimGroupInput {
  const displayName = typeof resource.displayName === 'string' ? resource.displayName.trim() : '';
  if (!displayName || displayName.length > 255) throw new ScimError(400, 'displayName is required', 'invalidValue');
  const members = resource.members;
  if (members !== undefined && members !== null && !Array.isArray(members)) {
    throw new ScimError(400, 'members is a list', 'invalidValue');
  }
  return {
    displayName,
    members: Array.isArray(members)
      ? [
          ...new Set(
            members.map((member: Json) => {
              const value =
                typeof member === 'object' && member !== null && !Array.isArray(member) ? member.value : null;
              if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value)) {
                throw new ScimError(400, 'members[].value is a user id', 'invalidValue');
              }
              return value.toLowerCase();
            }),
          ),
        ]
      : null,
  };
}

async function membersOf(db: Queryable, kind: Kind, groupUuids: readonly string[]) {
  const rows = await db.query<{ group_uuid: string; uuid: string; name: string }>(
    `SELECT x.${kind.members.group} AS group_uuid, m.uuid, m.first_name || ' ' || m.last_name AS name
       FROM ${kind.members.table} x JOIN member m ON m.uuid = x.member_uuid
      WHERE x.${kind.members.group} = ANY($1::uuid[]) AND m.archived_at IS NULL AND m.deleted_at IS NULL
      ORDER BY m.created_at, m.uuid`,
    [groupUuids],
  );
  const members = new Map<string, Array<{ uuid: string; name: string }>>();
  for (const row of rows) members.set(row.group_uuid, [...(members.get(row.group_uuid) ?? []), row]);
  return members;
}

function toScimGroup(
  row: GroupRow,
  members: Array<{ uuid: string; name: string }> | null,
  baseUrl: string,
): JsonObject {
  const resource: JsonObject = {
    schemas: [GROUP_SCHEMA],
    id: row.uuid,
    displayName: row.name,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.uuid,
            display: member.name,
            $ref: `${baseUrl}/Users/${member.uuid}`,
          })),
        }
      : {}),
  };
  resource.meta = {
    resourceType: 'Group',
    created: iso(row.created_at) ?? null,
    location: `${baseUrl}/Groups/${row.uuid}`,
    version: versionOf(resource),
  };
  return resource;
}

async function readGroupRow(db: Queryable, caller: ScimCaller, uuid: string, lock = false): Promise<GroupRow> {
  const kind = kindOf(caller);
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new ScimError(404, 'Group not found');
  const [row] = await db.query<GroupRow>(
    `SELECT g.uuid, g.name, g.created_at FROM ${kind.table} g
      WHERE g.uuid = $1 AND g.client_uuid = $2 AND ${kind.visible} ${lock ? 'FOR UPDATE' : ''}`,
    [uuid, caller.clientUuid],
  );
  if (!row) throw new ScimError(404, 'Group not found');
  return row;
}

export async function readGroup(
  db: Queryable,
  caller: ScimCaller,
  uuid: string,
  baseUrl: string,
  withMembers = true,
): Promise<JsonObject> {
  const row = await readGroupRow(db, caller, uuid);
  const members = withMembers ? ((await membersOf(db, kindOf(caller), [row.uuid])).get(row.uuid) ?? []) : null;
  return toScimGroup(row, members, baseUrl);
}

const GROUP_FILTERS: Record<string, string> = {
  displayname: 'lower(g.name) = lower($3)',
  id: 'g.uuid::text = lower($3)',
};
export const GROUP_FILTER_ATTRIBUTES = Object.keys(GROUP_FILTERS);

export async function listGroups(
  db: Queryable,
  caller: ScimCaller,
  filter: EqualityFilter | null,
  page: { startIndex: number; count: number },
  baseUrl: string,
  withMembers: boolean,
) {
  const kind = kindOf(caller);
  const condition = filter ? `AND ${GROUP_FILTERS[filter.attribute]}` : 'AND $3::text IS NULL';
  const where = `g.client_uuid = $1 AND ${kind.visible} AND $2::int >= 0 ${condition}`;
  const params = [caller.clientUuid, page.startIndex, filter?.value ?? null];
  const [total] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${kind.table} g WHERE ${where}`,
    params,
  );
  const rows =
    page.count === 0
      ? []
      : await db.query<GroupRow>(
          `SELECT g.uuid, g.name, g.created_at FROM ${kind.table} g WHERE ${where}
            ORDER BY g.created_at, g.uuid OFFSET $2 - 1 LIMIT $4`,
          [...params, page.count],
        );
  const members = withMembers
    ? await membersOf(
        db,
        kind,
        rows.map((row) => row.uuid),
      )
    : null;
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total?.count ?? 0,
    startIndex: page.startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => toScimGroup(row, members ? (members.get(row.uuid) ?? []) : null, baseUrl)),
  };
}

/** Members of the client SCIM may put into groups: its members that are not archived; anyone else answers 400. */
async function checkMembers(tx: Queryable, caller: ScimCaller, uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  const [found] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM member
      WHERE client_uuid = $1 AND uuid = ANY($2::uuid[]) AND archived_at IS NULL AND deleted_at IS NULL`,
    [caller.clientUuid, uuids],
  );
  if ((found?.count ?? 0) !== uuids.length)
    throw new ScimError(400, 'members: a user of another kind or unknown', 'invalidValue');
}

/** The group's members set to exactly `wanted`: rows added and removed, the apps' tasks follow, each change audited. */
async function setMembers(
  tx: Queryable,
  caller: ScimCaller,
  group: GroupRow,
  wanted: readonly string[],
): Promise<void> {
  const kind = kindOf(caller);
  await checkMembers(tx, caller, wanted);
  const added = await tx.query<{ member_uuid: string }>(
    `INSERT INTO ${kind.members.table} (${kind.members.group}, member_uuid) SELECT $1, unnest($2::uuid[])
     ON CONFLICT DO NOTHING RETURNING member_uuid`,
    [group.uuid, wanted],
  );
  // Archived members keep their rows (a restore brings them back), as on the admins' screens.
  const removed = await tx.query<{ member_uuid: string }>(
    `DELETE FROM ${kind.members.table} x USING member m
      WHERE x.${kind.members.group} = $1 AND m.uuid = x.member_uuid AND m.archived_at IS NULL
        AND x.member_uuid <> ALL($2::uuid[])
      RETURNING x.member_uuid`,
    [group.uuid, wanted],
  );
  const changed = [...added, ...removed].map((row) => row.member_uuid);
  if (changed.length === 0) return;
  if (kind === ORG_UNITS) await membershipChanged(tx, caller.clientUuid, { memberUuids: changed });
  const entries: AuditChange[] = [
    ...auditPerMember(
      added.map((row) => row.member_uuid),
      {
        action: `${kind.entity}.add-member`,
        entityType: kind.entity,
        entityUuid: group.uuid,
        after: { [kind.field]: group.name },
      },
    ),
    ...auditPerMember(
      removed.map((row) => row.member_uuid),
      {
        action: `${kind.entity}.remove-member`,
        entityType: kind.entity,
        entityUuid: group.uuid,
        before: { [kind.field]: group.name },
      },
    ),
  ];
  await recordAudit(tx, auditActor(caller), entries);
}

async function rename(tx: Queryable, caller: ScimCaller, group: GroupRow, name: string): Promise<void> {
  if (name === group.name) return;
  const kind = kindOf(caller);
  await tx.query(`UPDATE ${kind.table} SET name = $2 WHERE uuid = $1`, [group.uuid, name]);
  await recordAudit(tx, auditActor(caller), [
    {
      action: `${kind.entity}.update`,
      entityType: kind.entity,
      entityUuid: group.uuid,
      before: { name: group.name },
      after: { name, source: 'scim' },
    },
  ]);
}

/**
 * A write that may meet a group of the same name made meanwhile: the unique index's violation becomes
 * OrgUnit.IdExists / MemberGroup.IdExists, which the protocol's error handler answers as SCIM's 409 uniqueness.
 */
function uniqueGroup<T>(caller: ScimCaller, work: () => Promise<T>): Promise<T> {
  return caller.groupTarget === 'org-units' ? withUniqueUnit(work) : withUniqueName('MemberGroup.IdExists', work);
}

/** POST /Groups. Org units: a new unit below the root. Member groups: refused, they are made in the dashboard. */
export async function createGroup(db: Database, caller: ScimCaller, input: ScimGroupInput): Promise<string> {
  if (caller.groupTarget === 'member-groups') {
    const [existing] = await db.query('SELECT 1 FROM member_group WHERE client_uuid = $1 AND lower(name) = lower($2)', [
      caller.clientUuid,
      input.displayName,
    ]);
    if (existing) throw new ScimError(409, 'A member group of that name exists: find it by displayName', 'uniqueness');
    throw new ScimError(
      400,
      'Member groups are created in the dashboard (each has a type there); this directory updates their members',
      'mutability',
    );
  }
  return uniqueGroup(caller, () =>
    db.transaction(async (tx) => {
      const root = await lockTree(tx, caller.clientUuid);
      if (!root) throw new ScimError(409, 'The company has no org unit tree yet', 'noTarget');
      const [taken] = await tx.query(
        'SELECT 1 FROM org_unit WHERE client_uuid = $1 AND parent_uuid = $2 AND lower(name) = lower($3)',
        [caller.clientUuid, root, input.displayName],
      );
      if (taken) throw new ScimError(409, 'A group of that name exists', 'uniqueness');
      const identifier = await freeGeneratedIdentifier(tx, caller.clientUuid, input.displayName);
      const [created] = await tx.query<GroupRow>(
        `INSERT INTO org_unit (client_uuid, name, identifier, parent_uuid, is_root, is_default)
           VALUES ($1, $2, $3, $4, false, false) RETURNING uuid, name, created_at`,
        [caller.clientUuid, input.displayName, identifier, root],
      );
      if (!created) throw new Error('org_unit insert returned no row');
      await recordAudit(tx, auditActor(caller), [
        {
          action: 'org-unit.create',
          entityType: 'org-unit',
          entityUuid: created.uuid,
          after: { orgUnitName: input.displayName, identifier, parentUuid: root, source: 'scim' },
        },
      ]);
      await setMembers(tx, caller, created, input.members ?? []);
      return created.uuid;
    }),
  );
}

/** PUT and PATCH (applied first): the name and, when given, exactly these members. */
export async function replaceGroup(
  db: Database,
  caller: ScimCaller,
  uuid: string,
  input: ScimGroupInput,
): Promise<void> {
  await uniqueGroup(caller, () =>
    db.transaction(async (tx) => {
      const group = await readGroupRow(tx, caller, uuid, true);
      await rename(tx, caller, group, input.displayName);
      if (input.members) await setMembers(tx, caller, { ...group, name: input.displayName }, input.members);
    }),
  );
}

/**
 * DELETE /Groups/{id}: the unit or member group goes, as an admin's delete (its members leave it; a unit with sub-units
 * is refused, as on the tree).
 */
export async function deleteGroup(db: Database, caller: ScimCaller, uuid: string): Promise<void> {
  const kind = kindOf(caller);
  await db.transaction(async (tx) => {
    if (kind === ORG_UNITS) await lockTree(tx, caller.clientUuid);
    const group = await readGroupRow(tx, caller, uuid, true);
    if (kind === ORG_UNITS) {
      const [child] = await tx.query('SELECT 1 FROM org_unit WHERE parent_uuid = $1 LIMIT 1', [uuid]);
      if (child) throw new ScimError(409, 'The org unit has sub-units: move them in the dashboard first', 'mutability');
    }
    const members = await tx.query<{ member_uuid: string }>(
      `SELECT member_uuid FROM ${kind.members.table} WHERE ${kind.members.group} = $1`,
      [uuid],
    );
    await tx.query(`DELETE FROM ${kind.table} WHERE uuid = $1`, [uuid]);
    if (kind === ORG_UNITS) {
      await membershipChanged(tx, caller.clientUuid, { memberUuids: members.map((row) => row.member_uuid) });
    }
    await recordAudit(tx, auditActor(caller), [
      {
        action: `${kind.entity}.delete`,
        entityType: kind.entity,
        entityUuid: uuid,
        before: { name: group.name, memberCount: members.length, source: 'scim' },
      },
    ]);
  });
}
