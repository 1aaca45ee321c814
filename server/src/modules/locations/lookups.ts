import type { LocationDetail, LocationFields, LocationListItem } from '@dash/shared-core/contract';
import { validatePostalCode } from '@dash/shared-core/postal';
import { visibleLocations } from '../../core/access/scope';
import type { AuditChange } from '../../core/audit/auditTrail';
import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

/** The row types and lookups the location route files (routes/*.ts) share. */

/**
 * A location's row as every location call answers it: the member count leaves archived members out; the
 * responsible members come as one JSON array (no query per location).
 */
export const LOCATION_COLUMNS = `
  l.uuid, l.name, l.street, l.postal_code, l.city, l.country_code, l.location_type, l.floor_space,
  -- All of the location's rows (index only) minus its archived members, who are few: 200 rows per location no longer
  -- read 200 member rows.
  (SELECT count(*) FROM location_member c WHERE c.location_uuid = l.uuid)::int
    - (SELECT count(*) FROM member cm JOIN location_member c ON c.member_uuid = cm.uuid AND c.location_uuid = l.uuid
        WHERE cm.client_uuid = l.client_uuid AND cm.archived_at IS NOT NULL)::int AS member_count,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('uuid', rm.uuid, 'firstName', rm.first_name, 'lastName', rm.last_name)
                             ORDER BY rm.last_name, rm.first_name, rm.uuid)
              FROM location_member r JOIN member rm ON rm.uuid = r.member_uuid
             WHERE r.location_uuid = l.uuid AND r.responsible AND rm.archived_at IS NULL), '[]'::jsonb) AS responsible_members`;

export interface LocationRow {
  uuid: string;
  name: string;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string;
  location_type: LocationListItem['locationType'];
  floor_space: number | null;
  member_count: number;
  responsible_members: LocationListItem['responsibleMembers'];
}

export function toLocation(row: LocationRow): LocationDetail {
  return {
    uuid: row.uuid,
    name: row.name,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    countryCode: row.country_code,
    locationType: row.location_type,
    floorSpace: row.floor_space,
    memberCount: row.member_count,
    responsibleMembers: row.responsible_members,
  };
}

/** The location as the session may see it, or 404 (another client's uuid answers exactly like an unknown one). */
export async function readLocation(
  db: Queryable,
  session: SessionContext,
  uuid: string,
  lock = false,
): Promise<LocationDetail> {
  const params: unknown[] = [];
  const condition = visibleLocations(session, params);
  params.push(uuid);
  // A change locks the row first: two changes of one location take turns.
  if (lock)
    await db.query(`SELECT 1 FROM location l WHERE ${condition} AND l.uuid = $${params.length} FOR UPDATE`, params);
  const rows = await db.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM location l WHERE ${condition} AND l.uuid = $${params.length}`,
    params,
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Location.NotFound');
  return toLocation(row);
}

/** Responsible members must be non-archived members of the session's client. */
export async function checkResponsibleMembers(
  tx: Queryable,
  clientUuid: string,
  uuids: readonly string[],
): Promise<string[]> {
  const distinct = [...new Set(uuids)];
  if (distinct.length === 0) return distinct;
  const [row] = await tx.query<{ found: number }>(
    `SELECT count(*)::int AS found FROM member
      WHERE client_uuid = $1 AND uuid = ANY($2::uuid[]) AND archived_at IS NULL AND deleted_at IS NULL`,
    [clientUuid, distinct],
  );
  if ((row?.found ?? 0) !== distinct.length) throw new ApiHttpError(400, 'Location.InvalidResponsibleMembers');
  return distinct;
}

/** Audited fields of a location (what the history shows as before and after). */
export function auditedFields(location: LocationDetail) {
  return {
    name: location.name,
    street: location.street,
    postalCode: location.postalCode,
    city: location.city,
    countryCode: location.countryCode,
    locationType: location.locationType,
    floorSpace: location.floorSpace,
    responsibleMembers: location.responsibleMembers.map((member) => member.uuid),
  };
}

/**
 * Sets exactly `responsible` as the location's responsible members: former ones stay members, new ones become
 * members. Answers the audit entries of the members whose responsibility changed.
 */
export async function setResponsibleMembers(
  tx: Queryable,
  locationUuid: string,
  before: readonly string[],
  responsible: readonly string[],
): Promise<AuditChange[]> {
  await tx.query(
    `UPDATE location_member SET responsible = false
      WHERE location_uuid = $1 AND responsible AND NOT (member_uuid = ANY($2::uuid[]))`,
    [locationUuid, responsible],
  );
  await tx.query(
    `INSERT INTO location_member (location_uuid, member_uuid, responsible)
     SELECT $1, member_uuid, true FROM unnest($2::uuid[]) AS member_uuid
     ON CONFLICT (location_uuid, member_uuid) DO UPDATE SET responsible = true`,
    [locationUuid, responsible],
  );
  const added = responsible.filter((uuid) => !before.includes(uuid));
  const removed = before.filter((uuid) => !responsible.includes(uuid));
  return [
    ...added.map((memberUuid) => ({
      action: 'location.add-responsible',
      entityType: 'location' as const,
      entityUuid: locationUuid,
      memberUuid,
    })),
    ...removed.map((memberUuid) => ({
      action: 'location.remove-responsible',
      entityType: 'location' as const,
      entityUuid: locationUuid,
      memberUuid,
    })),
  ];
}

export type ValidFields = Omit<LocationFields, 'city' | 'street' | 'postalCode'> & {
  city: string | null;
  street?: string | null;
  postalCode?: string | null;
};

/**
 * The column values of `location` in the order name, city, country_code, location_type, floor_space, street,
 * postal_code. A postal code that does not fit the country answers 400 Location.InvalidPostalCode.
 */
export function fieldParams(fields: ValidFields): unknown[] {
  const postalCode = fields.postalCode ?? null;
  if (postalCode !== null && !validatePostalCode(fields.countryCode, postalCode).valid) {
    throw new ApiHttpError(400, 'Location.InvalidPostalCode');
  }
  return [
    fields.name,
    fields.city,
    fields.countryCode,
    fields.locationType,
    fields.floorSpace,
    fields.street ?? null,
    postalCode,
  ];
}
