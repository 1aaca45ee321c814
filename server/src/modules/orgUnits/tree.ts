import type { OrgUnitNode } from '@dash/shared-core';
import { visibleOrgUnits } from '../../core/access/scope';
import type { Queryable } from '../../core/db/database';
import { likePattern } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';

interface NodeRow {
  uuid: string;
  name: string;
  identifier: string;
  parent_uuid: string | null;
  depth: number;
  is_root: boolean;
  is_default: boolean;
  member_count: number;
  admins: Array<{ uuid: string; firstName: string; lastName: string }> | null;
}

/**
 * The visible org units as a tree, in one statement: a recursive walk from the top of what the session sees (the
 * root; for an ou-admin each administered unit whose parent he does not administer), siblings by name, depth first;
 * member counts from org_unit_membership (the default unit: every member not archived) and the responsible persons
 * in the same statement. With a search: the units whose name or ID matches, and their ancestors.
 */
export async function readOrgUnitTree(
  db: Queryable,
  session: SessionContext,
  search: string | undefined,
): Promise<OrgUnitNode[]> {
  const params: unknown[] = [];
  const visible = visibleOrgUnits(session, params, 'o');
  let searchCondition = 'true';
  if (search) {
    params.push(likePattern(search));
    searchCondition = `EXISTS (SELECT 1 FROM tree hit WHERE (hit.name ILIKE $${params.length} OR hit.identifier ILIKE $${params.length}) AND t.uuid = ANY(hit.lineage))`;
  }
  const rows = await db.query<NodeRow>(
    `WITH RECURSIVE visible AS (
       SELECT o.uuid, o.client_uuid, o.name, o.identifier, o.parent_uuid, o.is_root, o.is_default
         FROM org_unit o WHERE ${visible}
     ), tree AS (
       SELECT v.uuid, v.name, v.identifier, v.parent_uuid, v.is_root, v.is_default, 0 AS depth,
              ARRAY[lower(v.name), v.uuid::text] AS sort_path, ARRAY[v.uuid] AS lineage
         FROM visible v
        WHERE v.parent_uuid IS NULL OR NOT EXISTS (SELECT 1 FROM visible p WHERE p.uuid = v.parent_uuid)
       UNION ALL
       SELECT c.uuid, c.name, c.identifier, c.parent_uuid, c.is_root, c.is_default, t.depth + 1,
              t.sort_path || ARRAY[lower(c.name), c.uuid::text], t.lineage || c.uuid
         FROM visible c JOIN tree t ON c.parent_uuid = t.uuid
        WHERE NOT c.uuid = ANY(t.lineage)
     ), archived AS (
       -- The client's archived members are few: counting a unit's rows minus those reads no member row per member.
       SELECT m.uuid FROM member m
        WHERE m.client_uuid IN (SELECT DISTINCT client_uuid FROM visible) AND m.archived_at IS NOT NULL
     ), counts AS (
       -- org_unit_membership spelt out per unit: through the view, the planner cannot narrow it to the visible units
       -- and counted every client's memberships (2.7 s at 1,000,000 members).
       SELECT om.org_unit_uuid, (count(*) - count(a.uuid))::int AS member_count
         FROM visible v JOIN org_unit_member om ON om.org_unit_uuid = v.uuid
         LEFT JOIN archived a ON a.uuid = om.member_uuid
        WHERE NOT v.is_default
        GROUP BY om.org_unit_uuid
       UNION ALL
       SELECT v.uuid, (SELECT count(*)::int FROM member m WHERE m.client_uuid = v.client_uuid AND m.archived_at IS NULL)
         FROM visible v WHERE v.is_default
     ), admins AS (
       SELECT oa.org_unit_uuid,
              json_agg(json_build_object('uuid', m.uuid, 'firstName', m.first_name, 'lastName', m.last_name)
                       ORDER BY m.last_name, m.first_name, m.uuid) AS admins
         FROM org_unit_admin oa JOIN member m ON m.uuid = oa.member_uuid
        WHERE oa.org_unit_uuid IN (SELECT uuid FROM visible)
        GROUP BY oa.org_unit_uuid
     )
     SELECT t.uuid, t.name, t.identifier, t.parent_uuid, t.depth, t.is_root, t.is_default,
            coalesce(c.member_count, 0) AS member_count, a.admins
       FROM tree t LEFT JOIN counts c ON c.org_unit_uuid = t.uuid LEFT JOIN admins a ON a.org_unit_uuid = t.uuid
      WHERE ${searchCondition}
      ORDER BY t.sort_path`,
    params,
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    orgUnitName: row.name,
    identifier: row.identifier,
    parentUuid: row.parent_uuid,
    depth: row.depth,
    isRoot: row.is_root,
    isDefault: row.is_default,
    memberCount: row.member_count,
    admins: row.admins ?? [],
  }));
}
