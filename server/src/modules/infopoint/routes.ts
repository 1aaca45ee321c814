import { ENDPOINTS, type InfopointContact, type InfopointLocation } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';

/**
 * A group member belongs to a location's notice when he is assigned to that location, or to no location at all
 * (small companies often assign none: their first aiders serve everywhere). Active, non-archived members only.
 * $1: client, $2: location; on `m` (member) joined as group member.
 */
const MEMBER_AT_LOCATION = `m.archived_at IS NULL AND m.status = 'active'
  AND (EXISTS (SELECT 1 FROM location_member lm WHERE lm.member_uuid = m.uuid AND lm.location_uuid = $2)
       OR NOT EXISTS (SELECT 1 FROM location_member lm WHERE lm.member_uuid = m.uuid))`;

/** The member group types in the order the notice shows them: whom to call first in an emergency. */
const TYPE_ORDER = `array_position(ARRAY['first-aid', 'fire-marshall', 'fire-assistent', 'medical-officer',
  'health-safety-officer', 'work-council']::text[], g.type)`;

interface LocationRow {
  uuid: string;
  name: string;
  city: string | null;
  street: string | null;
  postal_code: string | null;
  country_code: string;
  location_type: 'headquarters' | 'branch';
  group_count: number;
}

const LOCATION_COLUMNS = `l.uuid, l.name, l.city, l.street, l.postal_code, l.country_code, l.location_type,
  (SELECT count(DISTINCT g.uuid) FROM member_group g JOIN member_group_member gm ON gm.member_group_uuid = g.uuid
     JOIN member m ON m.uuid = gm.member_uuid
    WHERE g.client_uuid = l.client_uuid AND m.archived_at IS NULL AND m.status = 'active'
      AND (EXISTS (SELECT 1 FROM location_member lm WHERE lm.member_uuid = m.uuid AND lm.location_uuid = l.uuid)
           OR NOT EXISTS (SELECT 1 FROM location_member lm WHERE lm.member_uuid = m.uuid)))::int AS group_count`;

function location(row: LocationRow): InfopointLocation {
  return {
    uuid: row.uuid,
    name: row.name,
    city: row.city,
    street: row.street,
    postalCode: row.postal_code,
    countryCode: row.country_code,
    locationType: row.location_type,
    groupCount: row.group_count,
  };
}

interface ContactRow {
  uuid: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  mobile_number: string | null;
  email: string | null;
}

function contact(row: ContactRow): InfopointContact {
  return {
    uuid: row.uuid,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    mobileNumber: row.mobile_number,
    email: row.email,
  };
}

/** Infopoint (spec section 7): whom staff call in an emergency, per location. Every signed-in member may read it. */
export function registerInfopointRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.infopointLocationList, async ({ session }) => {
    const rows = await db.query<LocationRow>(
      `SELECT ${LOCATION_COLUMNS} FROM location l WHERE l.client_uuid = $1
        ORDER BY l.location_type = 'headquarters' DESC, lower(l.name), l.uuid`,
      [session.clientUuid],
    );
    return { items: rows.map(location) };
  });

  registerEndpoint(app, db, ENDPOINTS.infopointMemberGroups, async ({ body, session }) => {
    const [found] = await db.query<LocationRow>(
      `SELECT ${LOCATION_COLUMNS} FROM location l WHERE l.client_uuid = $1 AND l.uuid = $2`,
      [session.clientUuid, body.locationUuid],
    );
    if (!found) throw new ApiHttpError(404, 'Location.NotFound');
    const [groups, responsible] = await Promise.all([
      db.query<ContactRow & { group_uuid: string; group_name: string; group_type: string }>(
        `SELECT g.uuid AS group_uuid, g.name AS group_name, g.type AS group_type,
                m.uuid, m.first_name, m.last_name, m.phone_number, m.mobile_number, m.email
           FROM member_group g
           JOIN member_group_member gm ON gm.member_group_uuid = g.uuid
           JOIN member m ON m.uuid = gm.member_uuid AND m.client_uuid = g.client_uuid
          WHERE g.client_uuid = $1 AND ${MEMBER_AT_LOCATION}
          ORDER BY ${TYPE_ORDER}, lower(g.name), g.uuid, lower(m.last_name), lower(m.first_name), m.uuid`,
        [session.clientUuid, body.locationUuid],
      ),
      db.query<ContactRow>(
        `SELECT m.uuid, m.first_name, m.last_name, m.phone_number, m.mobile_number, m.email
           FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid
          WHERE lm.location_uuid = $1 AND lm.responsible AND m.client_uuid = $2 AND m.archived_at IS NULL AND m.status = 'active'
          ORDER BY lower(m.last_name), lower(m.first_name), m.uuid`,
        [body.locationUuid, session.clientUuid],
      ),
    ]);
    const byGroup = new Map<string, { uuid: string; name: string; type: string; members: InfopointContact[] }>();
    for (const row of groups) {
      let group = byGroup.get(row.group_uuid);
      if (!group) {
        group = { uuid: row.group_uuid, name: row.group_name, type: row.group_type, members: [] };
        byGroup.set(row.group_uuid, group);
      }
      group.members.push(contact(row));
    }
    return { location: location(found), responsibleMembers: responsible.map(contact), groups: [...byGroup.values()] };
  });
}
