import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleMembers, visibleOrgUnits } from '../../../core/access/scope';
import type { Database, Queryable } from '../../../core/db/database';
import { iso, orderBy } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { buildStatisticsWorkbook } from '../exportXlsx';
import { requireElearning, requireElearningStatistics } from '../lookups';
import {
  orgUnitNamesOf,
  STATISTICS_SORT,
  type StatisticsRow,
  statisticsRowsSql,
  statisticsSummaryPageSql,
} from '../statistics';

async function readStatisticsPage(
  db: Queryable,
  session: SessionContext,
  uuid: string,
  filter: Parameters<typeof statisticsRowsSql>[2],
  order: string,
  limit: number | null,
  offset: number,
  sort?: { sortBy: string; sortDirection: 'asc' | 'desc' },
): Promise<{ rows: Array<StatisticsRow & { total: number }> }> {
  const fast = sort && statisticsSummaryPageSql(session, uuid, filter, sort.sortBy, sort.sortDirection, limit, offset);
  if (fast) {
    const countParams = fast.params.slice(0, -2);
    const [rows, count] = await Promise.all([
      db.query<StatisticsRow>(fast.rowsSql, fast.params),
      db.query<{ total: number }>(fast.countSql, countParams),
    ]);
    const total = count[0]?.total ?? 0;
    return { rows: rows.map((row) => ({ ...row, total })) };
  }
  const { sql, params } = statisticsRowsSql(session, uuid, filter);
  params.push(limit, offset);
  const rows = await db.query<StatisticsRow & { total: number }>(
    `SELECT r.*, (count(*) OVER ())::int AS total FROM (${sql}) r ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows };
}

/** The analytics of an e-learning: its members' statuses page by page, the overview per unit, the spreadsheet. */
export function registerStatisticsRoutes(app: FastifyInstance, db: Database): void {
  // The analytics of an e-learning of 10,000 members sort every member's status (most of a call's time is the
  // database's, per page): pages and overviews are kept as checked answers for the version they were read at.
  const statisticsPages = new KeptAnswers(ENDPOINTS.elearningStatistics);
  const statisticsOverviews = new KeptAnswers(ENDPOINTS.elearningStatisticsOverview);

  registerEndpoint(app, db, ENDPOINTS.elearningStatistics, async ({ body, session, request }) => {
    const version = await requireElearningStatistics(db, session, body.uuid);
    return statisticsPages.get(request, session, version, body, () => readStatistics(db, body, session));
  });

  registerEndpoint(app, db, ENDPOINTS.elearningStatisticsOverview, async ({ body, session, request }) => {
    const version = await requireElearningStatistics(db, session, body.uuid);
    return statisticsOverviews.get(request, session, version, body, () => readStatisticsOverview(db, body, session));
  });

  registerEndpoint(app, db, ENDPOINTS.elearningExportStatistics, async ({ body, session, reply }) => {
    const elearning = await requireElearning(db, session, body.uuid);
    const { rows } = await readStatisticsPage(
      db,
      session,
      body.uuid,
      body.filter,
      orderBy(STATISTICS_SORT, 'lastName', 'asc', 'r.first_name ASC, r.member_uuid'),
      null,
      0,
    );
    const names = await orgUnitNamesOf(
      db,
      rows.map((row) => row.member_uuid),
    );
    const day = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);
    const file = await buildStatisticsWorkbook(
      elearning.title,
      rows.map((row) => ({
        lastName: row.last_name,
        firstName: row.first_name,
        username: row.username,
        orgUnitNames: names.get(row.member_uuid) ?? [],
        status: row.status,
        lastCompletedAt: day(iso(row.last_completed_at)),
        nextOverdueDate: day(row.next_overdue_date),
        completedCount: row.completed_count,
      })),
      body.language,
    );
    const filename = `${elearning.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'elearning'}.xlsx`;
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="statistics.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .header('cache-control', 'no-store');
    return file;
  });
}

async function readStatistics(
  db: Database,
  body: z.output<typeof ENDPOINTS.elearningStatistics.request>,
  session: SessionContext,
) {
  const order = orderBy(STATISTICS_SORT, body.sortBy, body.sortDirection, 'r.member_uuid');
  const { rows } = await readStatisticsPage(
    db,
    session,
    body.uuid,
    body.filter,
    order,
    body.perPage,
    (body.page - 1) * body.perPage,
    body,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && body.page > 1) {
    // Past the last page: the window count saw no rows, so count them apart.
    const { sql, params } = statisticsRowsSql(session, body.uuid, body.filter);
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${sql}) c`, params);
    total = count?.total ?? 0;
  }
  const memberUuids = rows.map((row) => row.member_uuid);
  const [names, certificates] = await Promise.all([
    orgUnitNamesOf(db, memberUuids),
    newestCertificatesOf(db, body.uuid, memberUuids),
  ]);
  return {
    items: rows.map((row) => ({
      memberUuid: row.member_uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      username: row.username,
      orgUnitNames: names.get(row.member_uuid) ?? [],
      status: row.status,
      lastCompletedAt: iso(row.last_completed_at),
      nextOverdueDate: row.next_overdue_date,
      completedCount: row.completed_count,
      certificateUuid: certificates.get(row.member_uuid) ?? null,
    })),
    total,
  };
}

/** The newest result (certificate) of each of some members in one e-learning, in one statement (one page's rows). */
async function newestCertificatesOf(db: Queryable, elearningUuid: string, memberUuids: string[]) {
  const newest = new Map<string, string>();
  if (memberUuids.length === 0) return newest;
  const rows = await db.query<{ member_uuid: string; uuid: string }>(
    `SELECT DISTINCT ON (r.member_uuid) r.member_uuid, r.uuid FROM elearning_result r
      WHERE r.elearning_uuid = $1 AND r.member_uuid = ANY ($2::uuid[])
      ORDER BY r.member_uuid, r.completed_at DESC`,
    [elearningUuid, memberUuids],
  );
  for (const row of rows) newest.set(row.member_uuid, row.uuid);
  return newest;
}

async function readStatisticsOverview(
  db: Database,
  body: z.output<typeof ENDPOINTS.elearningStatisticsOverview.request>,
  session: SessionContext,
) {
  const { sql, params } = statisticsRowsSql(session, body.uuid, {});
  const visibleUnits = visibleOrgUnits(session, params, 'o');
  const counts = `count(*)::int AS assigned,
            (count(*) FILTER (WHERE r.status = 'completed'))::int AS completed,
            (count(*) FILTER (WHERE r.status = 'due'))::int AS due,
            (count(*) FILTER (WHERE r.status = 'inprogress'))::int AS inprogress,
            (count(*) FILTER (WHERE r.status = 'overdue'))::int AS overdue`;
  // The members' rows once; then each unit's stored members, and the default unit, which holds every member of
  // the rows (they are the client's, not archived): through the org_unit_membership view the planner joined the
  // default unit with every member of every client (1.4 s at 1,000,000 members).
  const units = await db.query<{
    uuid: string;
    name: string;
    assigned: number;
    completed: number;
    due: number;
    inprogress: number;
    overdue: number;
  }>(
    `WITH r AS MATERIALIZED (${sql})
     SELECT * FROM (
       SELECT o.uuid, o.name, o.is_default, ${counts}
         FROM r JOIN org_unit_member om ON om.member_uuid = r.member_uuid JOIN org_unit o ON o.uuid = om.org_unit_uuid
        WHERE ${visibleUnits} AND NOT o.is_default
        GROUP BY o.uuid, o.name, o.is_default
       UNION ALL
       SELECT o.uuid, o.name, o.is_default, ${counts}
         FROM org_unit o CROSS JOIN r
        WHERE ${visibleUnits} AND o.is_default
        GROUP BY o.uuid, o.name, o.is_default) units
      ORDER BY is_default DESC, name, uuid`,
    params,
  );
  const timeParams: unknown[] = [body.uuid];
  const visible = visibleMembers(session, timeParams, 'm');
  // Each attempt that was overdue on some day of the last 12 weeks, read once and checked against each day (the
  // days joined to the attempts re-read the e-learning's attempts once per day: 0.5 s for 10,000).
  const overdueOverTime = await db.query<{ date: string; overdue: number }>(
    `WITH days AS (SELECT d.day::date AS day FROM generate_series(current_date - 77, current_date, interval '7 days') AS d(day)),
          late AS MATERIALIZED (
            SELECT t.due_date, t.available_from, t.completed_at::date AS completed_on, t.reset_at::date AS reset_on
              FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid AND m.archived_at IS NULL AND ${visible}
             WHERE t.elearning_uuid = $1 AND t.due_date < current_date
               AND (t.completed_at IS NULL OR t.completed_at::date > current_date - 77)
               AND (t.reset_at IS NULL OR t.reset_at::date > current_date - 77))
     SELECT days.day::text AS date,
            (SELECT count(*) FROM late
              WHERE late.due_date < days.day AND late.available_from <= days.day
                AND (late.completed_on IS NULL OR late.completed_on > days.day)
                AND (late.reset_on IS NULL OR late.reset_on > days.day))::int AS overdue
       FROM days ORDER BY days.day`,
    timeParams,
  );
  return {
    units: units.map((unit) => ({
      orgUnitUuid: unit.uuid,
      orgUnitName: unit.name,
      assigned: unit.assigned,
      completed: unit.completed,
      due: unit.due,
      inprogress: unit.inprogress,
      overdue: unit.overdue,
      completionRate: unit.assigned === 0 ? 0 : Math.round((unit.completed / unit.assigned) * 1000) / 10,
    })),
    overdueOverTime,
  };
}
