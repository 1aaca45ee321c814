import {
  ENDPOINTS,
  type LocationDetail,
  type LocationFields,
  type LocationListItem,
  type LocationMember,
} from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleLocations } from '../../core/access/scope';
import { type AuditChange, recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { membershipChanged } from '../../core/events/membershipEvents';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';

/** The list's sort keys and their columns (a whitelist: nothing else reaches ORDER BY). */
const LOCATION_ORDER: Record<string, string> = {
  name: 'l.name',
  city: 'l.city',
  countryCode: 'l.country_code',
  locationType: 'l.location_type',
  floorSpace: 'l.floor_space',
  memberCount: 'member_count',
};

const MEMBER_ORDER: Record<string, string> = {
  lastName: 'm.last_name',
  firstName: 'm.first_name',
  username: 'm.username',
  email: 'm.email',
  responsible: 'lm.responsible',
};

/** Members by the chosen column, then by name (a total order, so that pages never overlap). */
function memberOrder(sortBy: string, direction: 'asc' | 'desc'): string {
  const column = MEMBER_ORDER[sortBy];
  if (!column) throw new Error(`Unknown sort key ${sortBy}`);
  return `ORDER BY ${column} ${direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, m.last_name, m.first_name, m.uuid`;
}

/**
 * A location's row as every location call answers it: the member count leaves archived members out; the
 * responsible members come as one JSON array (no query per location).
 */
const LOCATION_COLUMNS = `
  l.uuid, l.name, l.city, l.country_code, l.location_type, l.floor_space,
  -- All of the location's rows (index only) minus its archived members, who are few: 200 rows per location no longer
  -- read 200 member rows (issue 18: p95 320 ms at 1,000,000 members).
  (SELECT count(*) FROM location_member c WHERE c.location_uuid = l.uuid)::int
    - (SELECT count(*) FROM member cm JOIN location_member c ON c.member_uuid = cm.uuid AND c.location_uuid = l.uuid
        WHERE cm.client_uuid = l.client_uuid AND cm.archived_at IS NOT NULL)::int AS member_count,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('uuid', rm.uuid, 'firstName', rm.first_name, 'lastName', rm.last_name)
                             ORDER BY rm.last_name, rm.first_name, rm.uuid)
              FROM location_member r JOIN member rm ON rm.uuid = r.member_uuid
             WHERE r.location_uuid = l.uuid AND r.responsible AND rm.archived_at IS NULL), '[]'::jsonb) AS responsible_members`;

interface LocationRow {
  uuid: string;
  name: string;
  city: string | null;
  country_code: string;
  location_type: LocationListItem['locationType'];
  floor_space: number | null;
  member_count: number;
  responsible_members: LocationListItem['responsibleMembers'];
}

function toLocation(row: LocationRow): LocationDetail {
  return {
    uuid: row.uuid,
    name: row.name,
    city: row.city,
    countryCode: row.country_code,
    locationType: row.location_type,
    floorSpace: row.floor_space,
    memberCount: row.member_count,
    responsibleMembers: row.responsible_members,
  };
}

/** The location as the session may see it, or 404 (another client's uuid answers exactly like an unknown one). */
async function readLocation(
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
async function checkResponsibleMembers(tx: Queryable, clientUuid: string, uuids: readonly string[]): Promise<string[]> {
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

/** The given members, all of the session's client (archived ones only where `includeArchived`), or 404. */
async function checkMembers(
  tx: Queryable,
  clientUuid: string,
  uuids: readonly string[],
  includeArchived: boolean,
): Promise<string[]> {
  const distinct = [...new Set(uuids)];
  const [row] = await tx.query<{ found: number }>(
    `SELECT count(*)::int AS found FROM member
      WHERE client_uuid = $1 AND uuid = ANY($2::uuid[]) AND deleted_at IS NULL AND ($3 OR archived_at IS NULL)`,
    [clientUuid, distinct, includeArchived],
  );
  if ((row?.found ?? 0) !== distinct.length) throw new ApiHttpError(404, 'Member.NotFound');
  return distinct;
}

/** Audited fields of a location (what the history shows as before and after). */
function auditedFields(location: LocationDetail) {
  return {
    name: location.name,
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
async function setResponsibleMembers(
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

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

type ValidFields = Omit<LocationFields, 'city'> & { city: string | null };

function fieldParams(fields: ValidFields): unknown[] {
  return [fields.name, fields.city, fields.countryCode, fields.locationType, fields.floorSpace];
}

export function registerLocationRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the company version, which every change of locations, their members and members moves (migration 019).
  const locationLists = new KeptAnswers(ENDPOINTS.locationList);
  registerEndpoint(app, db, ENDPOINTS.locationList, async ({ body, session, request }) =>
    locationLists.get(request, session, session.companyVersion, body, () => readLocationList(body, session)),
  );

  const readLocationList = async (body: z.output<typeof ENDPOINTS.locationList.request>, session: SessionContext) => {
    const params: unknown[] = [];
    const where = [visibleLocations(session, params)];
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      where.push(`(l.name ILIKE $${params.length} OR l.city ILIKE $${params.length})`);
    }
    if (body.filter.locationType) {
      params.push(body.filter.locationType);
      where.push(`l.location_type = $${params.length}`);
    }
    const condition = where.join(' AND ');
    const { rows, total } = await readTablePage<LocationRow>(db, {
      select: `SELECT ${LOCATION_COLUMNS} FROM location l WHERE ${condition}`,
      count: `SELECT count(*)::int AS total FROM location l WHERE ${condition}`,
      params,
      order: orderBy(LOCATION_ORDER, body.sortBy, body.sortDirection, 'l.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toLocation), total };
  };

  registerEndpoint(app, db, ENDPOINTS.locationDetail, async ({ body, session }) =>
    readLocation(db, session, body.uuid),
  );

  registerEndpoint(app, db, ENDPOINTS.createLocation, async ({ body, session }) =>
    db
      .transaction(async (tx) => {
        const responsible = await checkResponsibleMembers(tx, session.clientUuid, body.responsibleMemberUuids);
        const inserted = await tx.query<{ uuid: string }>(
          `INSERT INTO location (client_uuid, name, city, country_code, location_type, floor_space)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid`,
          [session.clientUuid, ...fieldParams(body)],
        );
        const uuid = inserted[0]?.uuid;
        if (!uuid) throw new Error('location insert returned no row');
        const changes = await setResponsibleMembers(tx, uuid, [], responsible);
        const created = await readLocation(tx, session, uuid);
        await recordAudit(tx, session, [
          { action: 'location.create', entityType: 'location', entityUuid: uuid, after: auditedFields(created) },
          ...changes,
        ]);
        return created;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Location.IdExists');
        throw error;
      }),
  );

  registerEndpoint(app, db, ENDPOINTS.updateLocationDetail, async ({ body, session }) =>
    db
      .transaction(async (tx) => {
        const before = await readLocation(tx, session, body.uuid, true);
        const responsible = await checkResponsibleMembers(tx, session.clientUuid, body.responsibleMemberUuids);
        await tx.query(
          `UPDATE location SET name = $2, city = $3, country_code = $4, location_type = $5, floor_space = $6
            WHERE uuid = $1`,
          [body.uuid, ...fieldParams(body)],
        );
        const changes = await setResponsibleMembers(
          tx,
          body.uuid,
          before.responsibleMembers.map((member) => member.uuid),
          responsible,
        );
        // An inspection of the location goes to its responsible members: those who were and those who are.
        const responsibleBefore = before.responsibleMembers.map((member) => member.uuid);
        await membershipChanged(tx, session.clientUuid, { memberUuids: [...responsibleBefore, ...responsible] });
        const after = await readLocation(tx, session, body.uuid);
        await recordAudit(tx, session, [
          {
            action: 'location.update',
            entityType: 'location',
            entityUuid: body.uuid,
            before: auditedFields(before),
            after: auditedFields(after),
          },
          ...changes,
        ]);
        return after;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Location.IdExists');
        throw error;
      }),
  );

  registerEndpoint(app, db, ENDPOINTS.deleteLocations, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const uuids = [...new Set(body.uuids)];
      const params: unknown[] = [];
      const condition = visibleLocations(session, params);
      params.push(uuids);
      const found = await tx.query<LocationRow>(
        `SELECT ${LOCATION_COLUMNS} FROM location l WHERE ${condition} AND l.uuid = ANY($${params.length}::uuid[])
          ORDER BY l.name FOR UPDATE OF l`,
        params,
      );
      // All or nothing: one unknown (or another client's) uuid refuses the whole call.
      if (found.length !== uuids.length) throw new ApiHttpError(404, 'Location.NotFound');
      // The members lose the location: each sees it in their history.
      const members = await tx.query<{ location_uuid: string; member_uuid: string }>(
        'SELECT location_uuid, member_uuid FROM location_member WHERE location_uuid = ANY($1::uuid[])',
        [uuids],
      );
      await tx.query('DELETE FROM location WHERE uuid = ANY($1::uuid[])', [uuids]);
      await membershipChanged(tx, session.clientUuid, { memberUuids: members.map((row) => row.member_uuid) });
      const locations = found.map(toLocation);
      await recordAudit(tx, session, [
        ...locations.map((location) => ({
          action: 'location.delete',
          entityType: 'location' as const,
          entityUuid: location.uuid,
          before: auditedFields(location),
        })),
        ...members.map((row) => ({
          action: 'location.remove-members',
          entityType: 'location' as const,
          entityUuid: row.location_uuid,
          memberUuid: row.member_uuid,
          before: { location: locations.find((location) => location.uuid === row.location_uuid)?.name ?? null },
        })),
      ]);
      return { deleted: found.length };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.locationMemberList, async ({ body, session }) => {
    await readLocation(db, session, body.uuid);
    const params: unknown[] = [body.uuid, session.clientUuid];
    const where = ['lm.location_uuid = $1', 'm.client_uuid = $2', 'm.archived_at IS NULL'];
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      // search_text: lower('first last' \n username \n email), kept by PostgreSQL (migration 004).
      where.push(`m.search_text LIKE lower($${params.length})`);
    }
    const from = `FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid WHERE ${where.join(' AND ')}`;
    const { rows, total } = await readTablePage<{
      uuid: string;
      first_name: string;
      last_name: string;
      username: string;
      email: string | null;
      responsible: boolean;
    }>(db, {
      select: `SELECT m.uuid, m.first_name, m.last_name, m.username, m.email, lm.responsible ${from}`,
      count: `SELECT count(*)::int AS total ${from}`,
      params,
      order: memberOrder(body.sortBy, body.sortDirection),
      page: body.page,
      perPage: body.perPage,
    });
    const items: LocationMember[] = rows.map((row) => ({
      uuid: row.uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      username: row.username,
      email: row.email,
      responsible: row.responsible,
    }));
    return { items, total };
  });

  registerEndpoint(app, db, ENDPOINTS.assignLocationMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const location = await readLocation(tx, session, body.uuid, true);
      const members = await checkMembers(tx, session.clientUuid, body.memberUuids, false);
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO location_member (location_uuid, member_uuid)
         SELECT $1, member_uuid FROM unnest($2::uuid[]) AS member_uuid
         ON CONFLICT (location_uuid, member_uuid) DO NOTHING RETURNING member_uuid`,
        [body.uuid, members],
      );
      await membershipChanged(tx, session.clientUuid, { memberUuids: added.map((row) => row.member_uuid) });
      await recordAudit(
        tx,
        session,
        added.map((row) => ({
          action: 'location.assign-members',
          entityType: 'location' as const,
          entityUuid: body.uuid,
          memberUuid: row.member_uuid,
          after: { location: location.name },
        })),
      );
      return { changed: added.length, memberCount: (await readLocation(tx, session, body.uuid)).memberCount };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.removeLocationMembers, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const location = await readLocation(tx, session, body.uuid, true);
      const members = await checkMembers(tx, session.clientUuid, body.memberUuids, true);
      // A responsible person leaves the location only through its details (where responsibility is changed).
      const [responsible] = await tx.query<{ found: number }>(
        `SELECT count(*)::int AS found FROM location_member
          WHERE location_uuid = $1 AND member_uuid = ANY($2::uuid[]) AND responsible`,
        [body.uuid, members],
      );
      if ((responsible?.found ?? 0) > 0) throw new ApiHttpError(409, 'Location.InvalidResponsibleMembers');
      const removed = await tx.query<{ member_uuid: string }>(
        `DELETE FROM location_member WHERE location_uuid = $1 AND member_uuid = ANY($2::uuid[])
         RETURNING member_uuid`,
        [body.uuid, members],
      );
      await membershipChanged(tx, session.clientUuid, { memberUuids: removed.map((row) => row.member_uuid) });
      await recordAudit(
        tx,
        session,
        removed.map((row) => ({
          action: 'location.remove-members',
          entityType: 'location' as const,
          entityUuid: body.uuid,
          memberUuid: row.member_uuid,
          before: { location: location.name },
        })),
      );
      return { changed: removed.length, memberCount: (await readLocation(tx, session, body.uuid)).memberCount };
    }),
  );
}
