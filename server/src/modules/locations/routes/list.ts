import { LOCATION_BULK_MAX } from '@dash/shared-core';
import { ENDPOINTS, type locationListFilterSchema } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleLocations } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import { lockMatchingRows } from '../../../core/db/bulkSelection';
import type { Database, Queryable } from '../../../core/db/database';
import { likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { membershipChanged } from '../../../core/events/membershipEvents';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { withUniqueName } from '../../shared/assignedMembers';
import { assertOfferedCountry } from '../../shared/offeredCountries';
import {
  auditedFields,
  checkResponsibleMembers,
  fieldParams,
  LOCATION_COLUMNS,
  type LocationRow,
  readLocation,
  setResponsibleMembers,
  toLocation,
} from '../lookups';

/** The list's sort keys and their columns (a whitelist: nothing else reaches ORDER BY). */
const LOCATION_ORDER: Record<string, string> = {
  name: 'l.name',
  city: 'l.city',
  countryCode: 'l.country_code',
  locationType: 'l.location_type',
  floorSpace: 'l.floor_space',
  memberCount: 'member_count',
};

type LocationListFilter = z.output<typeof locationListFilterSchema>;

/**
 * The list's rows for `filter`, on alias `l` (a loc-admin: his own locations): the list and deleting by the list's
 * filter share it, so that "all N matching" deletes exactly the rows the list shows.
 */
function locationListCondition(session: SessionContext, filter: LocationListFilter, params: unknown[]): string {
  const where = [visibleLocations(session, params)];
  if (filter.search) {
    params.push(likePattern(filter.search));
    where.push(`(l.name ILIKE $${params.length} OR l.city ILIKE $${params.length})`);
  }
  if (filter.locationType) {
    params.push(filter.locationType);
    where.push(`l.location_type = $${params.length}`);
  }
  return where.join(' AND ');
}

/** The location list page: the list, a new location, and deleting locations. */
export function registerLocationListRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the company version, which every change of locations, their members and members moves (migration 019).
  const locationLists = new KeptAnswers(ENDPOINTS.locationList);
  registerEndpoint(app, db, ENDPOINTS.locationList, async ({ body, session, request }) =>
    locationLists.get(request, session, session.companyVersion, body, () => readLocationList(body, session)),
  );

  const readLocationList = async (body: z.output<typeof ENDPOINTS.locationList.request>, session: SessionContext) => {
    const params: unknown[] = [];
    const condition = locationListCondition(session, body.filter, params);
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

  registerEndpoint(app, db, ENDPOINTS.createLocation, async ({ body, session }) =>
    withUniqueName('Location.IdExists', () =>
      db.transaction(async (tx) => {
        assertOfferedCountry(session.client.offeredCountries, body.countryCode);
        const responsible = await checkResponsibleMembers(tx, session.clientUuid, body.responsibleMemberUuids);
        const inserted = await tx.query<{ uuid: string }>(
          `INSERT INTO location (client_uuid, name, city, country_code, location_type, floor_space, street, postal_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING uuid`,
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
      }),
    ),
  );

  registerEndpoint(app, db, ENDPOINTS.deleteLocations, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const found =
        'uuids' in body ? await lockPicked(tx, session, body.uuids) : await lockListed(tx, session, body.filter);
      const uuids = found.map((location) => location.uuid);
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
}

/** The locations of `picked`, locked; all or nothing: one unknown (or another client's) uuid refuses the call. */
async function lockPicked(tx: Queryable, session: SessionContext, picked: readonly string[]): Promise<LocationRow[]> {
  const uuids = [...new Set(picked)];
  const params: unknown[] = [];
  const condition = visibleLocations(session, params);
  params.push(uuids);
  const found = await tx.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM location l WHERE ${condition} AND l.uuid = ANY($${params.length}::uuid[])
      ORDER BY l.name FOR UPDATE OF l`,
    params,
  );
  if (found.length !== uuids.length) throw new ApiHttpError(404, 'Location.NotFound');
  return found;
}

/** Every location the list shows for `filter`, locked (409 Bulk.TooManyRows past LOCATION_BULK_MAX). */
function lockListed(tx: Queryable, session: SessionContext, filter: LocationListFilter): Promise<LocationRow[]> {
  const params: unknown[] = [];
  const condition = locationListCondition(session, filter, params);
  return lockMatchingRows<LocationRow>(
    tx,
    `SELECT ${LOCATION_COLUMNS} FROM location l WHERE ${condition} ORDER BY l.name, l.uuid`,
    params,
    LOCATION_BULK_MAX,
    'FOR UPDATE OF l',
  );
}
