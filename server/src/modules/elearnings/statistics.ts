import type { ElearningAnalyticsStatus, elearningStatisticsFilterSchema } from '@dash/shared-core/contract';
import type { z } from 'zod';
import { visibleMembers } from '../../core/access/scope';
import type { Queryable } from '../../core/db/database';
import { likePattern, orderBy } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';
import { ELEARNING_STATE_SQL } from './taskSync';

type StatisticsFilter = z.output<typeof elearningStatisticsFilterSchema>;

/**
 * A member's status from his summary row `p` and the e-learning's state (an SQL expression, docs/elearning-tasks.md).
 * The catalogue counts its completed members with the same rule, so both screens say the same number.
 */
export function analyticsStatusSql(state: string): string {
  return `CASE WHEN NOT p.has_open THEN 'completed'
                  WHEN ${state} IN ('ended', 'inactive') THEN 'inactive'
                  WHEN p.open_started THEN 'inprogress'
                  WHEN p.open_due < current_date THEN 'overdue'
                  WHEN p.open_repeat THEN 'completed'
                  ELSE 'due' END`;
}

const STATUS_SQL = analyticsStatusSql('x.state');

/**
 * One row per member of the analytics: members (not archived, visible to the session) with an open
 * attempt or at least one completion of the e-learning. Status, from the open attempt:
 * - none open, some completed -> completed;
 * - the e-learning ended or is inactive -> inactive (no longer shown as due);
 * - begun -> inprogress; due date passed -> overdue;
 * - the next round of a repeating e-learning after a completion -> completed (until it is begun or overdue);
 * - otherwise -> due.
 * The query reads one summary row per member (elearning_member_summary, kept by triggers on elearning_task and
 * member, migration 016) instead of aggregating every attempt of the e-learning on each request.
 */
export function statisticsRowsSql(
  session: SessionContext,
  elearningUuid: string,
  filter: StatisticsFilter,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [elearningUuid];
  const visible = visibleMembers(session, params, 'm');
  const conditions: string[] = [];
  if (filter.search) {
    params.push(likePattern(filter.search));
    conditions.push(
      `(m.first_name ILIKE $${params.length} OR m.last_name ILIKE $${params.length} OR m.username ILIKE $${params.length}
        OR (m.first_name || ' ' || m.last_name) ILIKE $${params.length})`,
    );
  }
  if (filter.orgUnitUuid) {
    params.push(filter.orgUnitUuid);
    conditions.push(`m.uuid IN (
      WITH RECURSIVE subtree AS (
        SELECT o.uuid FROM org_unit o WHERE o.uuid = $${params.length} AND o.client_uuid = m.client_uuid
        UNION SELECT child.uuid FROM org_unit child JOIN subtree ON child.parent_uuid = subtree.uuid)
      SELECT om.member_uuid FROM org_unit_membership om JOIN subtree ON subtree.uuid = om.org_unit_uuid)`);
  }
  let statusCondition = '';
  if (filter.status) {
    params.push(filter.status);
    statusCondition = `WHERE r.status = $${params.length}`;
  }
  const sql = `SELECT * FROM (
      SELECT m.uuid AS member_uuid, m.first_name, m.last_name, m.username,
             p.last_completed_at, p.completed_count, p.open_due::text AS next_overdue_date, ${STATUS_SQL} AS status
        FROM elearning_member_summary p
        JOIN member m ON m.uuid = p.member_uuid
        CROSS JOIN (SELECT ${ELEARNING_STATE_SQL} AS state FROM elearning e WHERE e.uuid = $1) x
       WHERE p.elearning_uuid = $1 AND NOT p.archived AND m.archived_at IS NULL AND (p.has_open OR p.completed_count > 0)
             AND ${visible} ${conditions.map((condition) => `AND ${condition}`).join(' ')}
    ) r ${statusCondition}`;
  return { sql, params };
}

export interface StatisticsRow {
  member_uuid: string;
  first_name: string;
  last_name: string;
  username: string;
  last_completed_at: unknown;
  completed_count: number;
  next_overdue_date: string | null;
  status: ElearningAnalyticsStatus;
}

/** Sorting: status in the order an administrator acts on it (overdue first). */
export const STATISTICS_SORT = {
  lastName: 'r.last_name',
  status: "array_position(ARRAY['overdue','inprogress','due','completed','inactive'], r.status)",
  lastCompletedAt: 'r.last_completed_at',
  nextOverdueDate: 'r.next_overdue_date',
};

/** The names of the (non-default) org units of some members, in one statement. */
export async function orgUnitNamesOf(db: Queryable, memberUuids: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (memberUuids.length === 0) return names;
  const rows = await db.query<{ member_uuid: string; names: string[] }>(
    `SELECT om.member_uuid, array_agg(o.name ORDER BY o.name) AS names
       FROM org_unit_membership om JOIN org_unit o ON o.uuid = om.org_unit_uuid
      WHERE om.member_uuid = ANY ($1::uuid[]) AND NOT o.is_default
      GROUP BY om.member_uuid`,
    [memberUuids],
  );
  for (const row of rows) names.set(row.member_uuid, row.names);
  return names;
}

/**
 * The analytics page for the common case, read from the summary rows alone: a session that sees the whole client,
 * no name search and no sorting by name. The page is picked from one row per member of the e-learning (index
 * elearning_member_summary_page, status sorted by a number) and only its rows are joined with the members for their
 * names; the total is counted apart (no window over all rows). Answers null when the general query
 * (`statisticsRowsSql`) is needed.
 */
export function statisticsSummaryPageSql(
  session: SessionContext,
  elearningUuid: string,
  filter: StatisticsFilter,
  sortBy: string,
  sortDirection: 'asc' | 'desc',
  limit: number | null,
  offset: number,
): { rowsSql: string; countSql: string; params: unknown[] } | null {
  if (filter.search || sortBy === 'lastName' || session.role === 'ou-admin' || session.role === 'loc-admin') {
    return null;
  }
  const params: unknown[] = [elearningUuid, session.clientUuid];
  let unitCondition = '';
  if (filter.orgUnitUuid) {
    params.push(filter.orgUnitUuid);
    unitCondition = `AND p.member_uuid IN (
      WITH RECURSIVE subtree AS (
        SELECT o.uuid FROM org_unit o WHERE o.uuid = $${params.length} AND o.client_uuid = $2
        UNION SELECT child.uuid FROM org_unit child JOIN subtree ON child.parent_uuid = subtree.uuid)
      SELECT om.member_uuid FROM org_unit_membership om JOIN subtree ON subtree.uuid = om.org_unit_uuid)`;
  }
  let statusCondition = '';
  if (filter.status) {
    params.push(filter.status);
    statusCondition = `WHERE r.status = $${params.length}`;
  }
  const rows = `WITH r AS (
      SELECT p.member_uuid, p.last_completed_at, p.completed_count, p.open_due::text AS next_overdue_date,
             ${STATUS_SQL} AS status
        FROM elearning_member_summary p
        -- The e-learning's state once (an init plan), not joined per row.
        CROSS JOIN (SELECT (SELECT ${ELEARNING_STATE_SQL} FROM elearning e WHERE e.uuid = $1) AS state) x
       WHERE p.elearning_uuid = $1 AND p.client_uuid = $2 AND NOT p.archived AND (p.has_open OR p.completed_count > 0)
             ${unitCondition}
    )`;
  const order = orderBy({ ...STATISTICS_SORT, status: `(${STATUS_RANK_SQL})` }, sortBy, sortDirection, 'r.member_uuid');
  const countSql = `${rows} SELECT count(*)::int AS total FROM r ${statusCondition}`;
  const pageParams = [...params, limit, offset];
  const rowsSql = `${rows}, page AS (
      SELECT r.* FROM r ${statusCondition} ${order} LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}
    )
    SELECT r.*, m.first_name, m.last_name, m.username FROM page r JOIN member m ON m.uuid = r.member_uuid ${order}`;
  return { rowsSql, countSql, params: pageParams };
}

/** Sorting by status (overdue first) as a number: cheaper than array_position over 10,000 rows. */
const STATUS_RANK_SQL = `CASE r.status WHEN 'overdue' THEN 1 WHEN 'inprogress' THEN 2 WHEN 'due' THEN 3
                         WHEN 'completed' THEN 4 ELSE 5 END`;
