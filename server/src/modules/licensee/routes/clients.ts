import { ENDPOINTS, type LicenseeClientListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
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

/**
 * The rows the filter leaves, as SQL written for this filter: a term or a status the caller did not give is left out
 * of the statement instead of written as `($2 IS NULL OR …)`, so that each statement's plan fits every call that uses
 * it (a prepared statement keeps one plan: with the catch-all predicates it planned every call again).
 */
function clientsWhere(licenseeUuid: string, filter: { search?: string; status: 'all' | 'active' | 'inactive' }) {
  const params: unknown[] = [licenseeUuid];
  let where = 'FROM client c WHERE c.licensee_uuid = $1';
  if (filter.search) {
    params.push(likePattern(filter.search));
    // search_text is lower(name \n identifier) (migration 036): one LIKE instead of ILIKE on two columns.
    where += ` AND c.search_text LIKE lower($${params.length})`;
  }
  if (filter.status !== 'all') where += ` AND c.deactivated_at IS ${filter.status === 'active' ? '' : 'NOT '}NULL`;
  return { where, params };
}

/** The licensee's clients (a table call) and one client's details. */
export function registerClientReadRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeClientList, async ({ body, session }) => {
    const { where, params } = clientsWhere(session.licenseeUuid, body.filter);
    // Name, identifier and creation date are never empty: each index serves both directions.
    const order = orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'c.uuid', NO_EMPTY_COLUMNS);
    const limit = params.length + 1;
    // One statement for the page, its clients' member counts and the total: each round trip to the database costs
    // more than the counting (the page's member counts are read from the member list's index). The outer query is
    // called `c` as well, so that the same ORDER BY sorts the page's rows again.
    const rows = await db.query<ClientListRow & { member_count: number; total: number }>(
      `SELECT c.*,
              (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS member_count,
              (SELECT count(*)::int AS total ${where}) AS total
         FROM (SELECT c.uuid, c.identifier, c.name, c.city, c.country, c.deactivated_at IS NULL AS active,
                      c.max_members, c.feature_elearnings, c.feature_risk_assessments, c.feature_templates,
                      c.feature_calendar, c.created_at
                 ${where} ${order} LIMIT $${limit} OFFSET $${limit + 1}) c
        ${order}`,
      [...params, body.perPage, (body.page - 1) * body.perPage],
    );
    // A page past the end has no row to carry the total.
    const total =
      rows[0]?.total ??
      (await db.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, params))[0]?.total ??
      0;
    const items: LicenseeClientListItem[] = rows.map((row) => ({
      uuid: row.uuid,
      clientIdentifier: row.identifier,
      name: row.name,
      city: row.city,
      country: row.country,
      active: row.active,
      memberCount: row.member_count,
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
