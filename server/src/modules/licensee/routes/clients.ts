import { ENDPOINTS, type LicenseeClientListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { registerEndpoint } from '../../../http/route';
import { clientOfLicensee } from '../clientRecord';

/** Each sort key's column; migration 024 has an index (licensee_uuid, column, uuid) for each. */
const SORT_COLUMNS = { name: 'lower(c.name)', clientIdentifier: 'c.identifier', createdAt: 'c.created_at' };
const NO_EMPTY_COLUMNS: ReadonlySet<string> = new Set();

interface ClientListRow {
  uuid: string;
  identifier: string;
  name: string;
  city: string | null;
  country: string;
  active: boolean;
  max_members: number | null;
  feature_elearnings: boolean;
  feature_risk_assessments: boolean;
  feature_templates: boolean;
  feature_calendar: boolean;
  created_at: unknown;
}

const FROM_WHERE = `FROM client c
  WHERE c.licensee_uuid = $1
    AND ($2::text IS NULL OR c.name ILIKE $2 OR c.identifier ILIKE $2)
    AND ($3::text = 'all' OR ($3::text = 'active') = (c.deactivated_at IS NULL))`;

/** The licensee's clients (a table call) and one client's details. */
export function registerClientReadRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeClientList, async ({ body, session }) => {
    const search = body.filter.search ? likePattern(body.filter.search) : null;
    const { rows, total } = await readTablePage<ClientListRow>(db, {
      select: `SELECT c.uuid, c.identifier, c.name, c.city, c.country, c.deactivated_at IS NULL AS active,
                      c.max_members, c.feature_elearnings, c.feature_risk_assessments, c.feature_templates,
                      c.feature_calendar, c.created_at
               ${FROM_WHERE}`,
      count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
      params: [session.licenseeUuid, search, body.filter.status],
      // Name, identifier and creation date are never empty: each index serves both directions.
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'c.uuid', NO_EMPTY_COLUMNS),
      page: body.page,
      perPage: body.perPage,
    });
    // Members of the page's clients only (the index of the member list answers each count).
    const counts = new Map<string, number>();
    if (rows.length > 0) {
      const found = await db.query<{ client_uuid: string; count: number }>(
        `SELECT client_uuid, count(*)::int AS count FROM member
          WHERE client_uuid = ANY($1::uuid[]) AND archived_at IS NULL GROUP BY client_uuid`,
        [rows.map((row) => row.uuid)],
      );
      for (const row of found) counts.set(row.client_uuid, row.count);
    }
    const items: LicenseeClientListItem[] = rows.map((row) => ({
      uuid: row.uuid,
      clientIdentifier: row.identifier,
      name: row.name,
      city: row.city,
      country: row.country,
      active: row.active,
      memberCount: counts.get(row.uuid) ?? 0,
      maxMembers: row.max_members,
      featureFlags: {
        elearnings: row.feature_elearnings,
        riskAssessments: row.feature_risk_assessments,
        templates: row.feature_templates,
        calendar: row.feature_calendar,
      },
      createdAt: iso(row.created_at) ?? '',
    }));
    return { items, total };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeClientDetails, async ({ body, session }) =>
    clientOfLicensee(db, session.licenseeUuid, body.uuid),
  );
}
