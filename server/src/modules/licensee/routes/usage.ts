import { LICENSEE_USAGE_EXPORT_MAX_ROWS } from '@dash/shared-core/calls';
import { ENDPOINTS, type LicenseeUsageItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { registerEndpoint } from '../../../http/route';
import { buildUsageWorkbook } from '../usageWorkbook';

/**
 * Each sort key's column: migration 031 has an index (licensee_uuid, column, client_uuid) on client_usage for each
 * figure; name and company ID use the client list's indexes of migration 024.
 */
const SORT_COLUMNS = {
  name: 'lower(c.name)',
  clientIdentifier: 'c.identifier',
  activeMembers: 'u.active_members',
  signedIn30Days: 'u.signed_in_30_days',
  completionRate: 'u.completion_rate',
  overdueTasks: 'u.overdue_tasks',
  openRiskActions: 'u.open_risk_actions',
  lastActivityAt: 'u.last_activity_at',
};

type UsageSortKey = keyof typeof SORT_COLUMNS;
/** Figures that can be empty (no e-learning tasks, no activity yet): last in both directions, by an index of each. */
const NULLABLE: ReadonlySet<UsageSortKey> = new Set(['completionRate', 'lastActivityAt']);

/** The list's ORDER BY: `NULLS LAST` only where a figure can be empty (their descending order has an index of its own). */
export function usageOrder(sortBy: UsageSortKey, direction: 'asc' | 'desc'): string {
  return orderBy(SORT_COLUMNS, sortBy, direction, 'u.client_uuid', NULLABLE);
}

interface UsageRow {
  client_uuid: string;
  identifier: string;
  name: string;
  active: boolean;
  members: number;
  active_members: number;
  max_members: number | null;
  signed_in_30_days: number;
  elearning_tasks: number;
  elearning_completed: number;
  completion_rate: string | number | null;
  overdue_tasks: number;
  open_risk_actions: number;
  last_activity_at: unknown;
  refreshed_at: unknown;
}

const SELECT = `SELECT u.client_uuid, c.identifier, c.name, c.deactivated_at IS NULL AS active, u.members,
                       u.active_members, c.max_members, u.signed_in_30_days, u.elearning_tasks, u.elearning_completed,
                       u.completion_rate, u.overdue_tasks, u.open_risk_actions, u.last_activity_at, u.refreshed_at`;
/** The licensee's clients with figures; a client created after the last refresh shows from the next one. */
const FROM_WHERE = `FROM client_usage u JOIN client c ON c.uuid = u.client_uuid AND c.licensee_uuid = u.licensee_uuid
  WHERE u.licensee_uuid = $1
    AND ($2::text IS NULL OR c.name ILIKE $2 OR c.identifier ILIKE $2)`;

function toItem(row: UsageRow): LicenseeUsageItem {
  return {
    clientUuid: row.client_uuid,
    clientIdentifier: row.identifier,
    name: row.name,
    active: row.active,
    members: row.members,
    activeMembers: row.active_members,
    maxMembers: row.max_members,
    signedIn30Days: row.signed_in_30_days,
    elearningTasks: row.elearning_tasks,
    elearningCompleted: row.elearning_completed,
    // numeric comes back as text from pg.
    completionRate: row.completion_rate === null ? null : Number(row.completion_rate),
    overdueTasks: row.overdue_tasks,
    openRiskActions: row.open_risk_actions,
    lastActivityAt: iso(row.last_activity_at),
    refreshedAt: iso(row.refreshed_at) ?? '',
  };
}

/** The usage list (a table call with the figures' time) and its .xlsx export. */
export function registerLicenseeUsageRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeUsageList, async ({ body, session }) => {
    const search = body.filter.search ? likePattern(body.filter.search) : null;
    const params = [session.licenseeUuid, search];
    const [{ rows, total }, [fresh]] = await Promise.all([
      readTablePage<UsageRow>(db, {
        select: `${SELECT} ${FROM_WHERE}`,
        count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
        params,
        order: usageOrder(body.sortBy, body.sortDirection),
        page: body.page,
        perPage: body.perPage,
      }),
      // The oldest figures of the licensee (index client_usage_refreshed).
      db.query<{ refreshed_at: unknown }>(
        'SELECT min(refreshed_at) AS refreshed_at FROM client_usage WHERE licensee_uuid = $1',
        [session.licenseeUuid],
      ),
    ]);
    return { items: rows.map(toItem), total, refreshedAt: iso(fresh?.refreshed_at) };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeUsageExport, async ({ body, session, reply }) => {
    const search = body.filter.search ? likePattern(body.filter.search) : null;
    const order = usageOrder(body.sortBy, body.sortDirection);
    const rows = await db.query<UsageRow>(`${SELECT} ${FROM_WHERE} ${order} LIMIT $3`, [
      session.licenseeUuid,
      search,
      LICENSEE_USAGE_EXPORT_MAX_ROWS,
    ]);
    const file = await buildUsageWorkbook(rows.map(toItem), body.language);
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="usage.xlsx"')
      .header('cache-control', 'no-store');
    return file;
  });
}
