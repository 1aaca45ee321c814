import type { Queryable } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';

/** Names of the units and locations a member was given, for the audit trail. */
export interface AssignmentNames {
  orgUnits: string[];
  locations: string[];
}

/**
 * Sets a member's stored org units and locations to exactly the given ones, set-based (a few statements however
 * many). The default unit holds everybody without rows (migration 006), so it is accepted and not stored. A unit
 * or location of another client answers 404 like one that does not exist. A location the member is responsible
 * for is not taken away here (Member.HasResponsibleLocation): the locations screen changes responsibility.
 * `isNew`: the member was created in this transaction and has no rows yet, so nothing is taken away (two statements
 * instead of five: a member create waits for each).
 */
export async function setAssignments(
  tx: Queryable,
  clientUuid: string,
  memberUuid: string,
  orgUnitUuids: readonly string[],
  locationUuids: readonly string[],
  { isNew = false }: { isNew?: boolean } = {},
): Promise<AssignmentNames> {
  const units = [...new Set(orgUnitUuids)];
  const locations = [...new Set(locationUuids)];
  // The client's units and locations among those given, in one statement.
  const found = await tx.query<{ kind: 'unit' | 'location'; uuid: string; name: string; is_default: boolean }>(
    `SELECT 'unit' AS kind, uuid, name, is_default FROM org_unit WHERE client_uuid = $1 AND uuid = ANY($2::uuid[])
     UNION ALL
     SELECT 'location', uuid, name, false FROM location WHERE client_uuid = $1 AND uuid = ANY($3::uuid[])
     ORDER BY 1, 3`,
    [clientUuid, units, locations],
  );
  const foundUnits = found.filter((row) => row.kind === 'unit');
  const foundLocations = found.filter((row) => row.kind === 'location');
  if (foundUnits.length !== units.length) throw new ApiHttpError(404, 'OrgUnit.NotFound');
  if (foundLocations.length !== locations.length) throw new ApiHttpError(404, 'Location.NotFound');
  const stored = foundUnits.filter((unit) => !unit.is_default).map((unit) => unit.uuid);

  if (!isNew) {
    const responsibleElsewhere = await tx.query(
      'SELECT 1 FROM location_member WHERE member_uuid = $1 AND responsible AND location_uuid <> ALL($2::uuid[]) LIMIT 1',
      [memberUuid, locations],
    );
    if (responsibleElsewhere.length > 0) throw new ApiHttpError(409, 'Member.HasResponsibleLocation');
    await tx.query(
      `WITH units AS (DELETE FROM org_unit_member WHERE member_uuid = $1 AND org_unit_uuid <> ALL($2::uuid[]))
       DELETE FROM location_member WHERE member_uuid = $1 AND location_uuid <> ALL($3::uuid[])`,
      [memberUuid, stored, locations],
    );
  }
  await tx.query(
    `WITH units AS (
       INSERT INTO org_unit_member (org_unit_uuid, member_uuid) SELECT unit, $1 FROM unnest($2::uuid[]) AS unit
       ON CONFLICT DO NOTHING)
     INSERT INTO location_member (location_uuid, member_uuid) SELECT place, $1 FROM unnest($3::uuid[]) AS place
     ON CONFLICT DO NOTHING`,
    [memberUuid, stored, locations],
  );
  return {
    orgUnits: foundUnits.filter((unit) => !unit.is_default).map((unit) => unit.name),
    locations: foundLocations.map((place) => place.name),
  };
}

/** The names of a member's stored units and locations (before a change, for the audit trail). */
export async function readAssignmentNames(tx: Queryable, memberUuid: string): Promise<AssignmentNames> {
  const [row] = await tx.query<{ org_units: string[] | null; locations: string[] | null }>(
    `SELECT (SELECT array_agg(o.name ORDER BY o.name) FROM org_unit_member om JOIN org_unit o ON o.uuid = om.org_unit_uuid
              WHERE om.member_uuid = $1) AS org_units,
            (SELECT array_agg(l.name ORDER BY l.name) FROM location_member lm JOIN location l ON l.uuid = lm.location_uuid
              WHERE lm.member_uuid = $1) AS locations`,
    [memberUuid],
  );
  return { orgUnits: row?.org_units ?? [], locations: row?.locations ?? [] };
}
