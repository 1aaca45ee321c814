import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleLocations } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { membershipChanged } from '../../../core/events/membershipEvents';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { withUniqueName } from '../../shared/assignedMembers';
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

/** The location list page: the list, a new location, and deleting locations. */
export function registerLocationListRoutes(app: FastifyInstance, db: Database): void {
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

  registerEndpoint(app, db, ENDPOINTS.createLocation, async ({ body, session }) =>
    withUniqueName('Location.IdExists', () =>
      db.transaction(async (tx) => {
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
}
