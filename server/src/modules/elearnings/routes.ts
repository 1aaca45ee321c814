import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleMembers, visibleOrgUnits } from '../../core/access/scope';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso, likePattern, orderBy } from '../../core/db/rows';
import { onMembershipChanged } from '../../core/events/membershipEvents';
import { readMemberTasks } from '../../core/tasks/memberTasks';
import { readClientVersion, readTaskVersion } from '../../core/tasks/taskVersion';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { buildStatisticsWorkbook } from './exportXlsx';
import { registerElearningPlayerRoutes } from './playerRoutes';
import {
  orgUnitNamesOf,
  STATISTICS_SORT,
  type StatisticsRow,
  statisticsRowsSql,
  statisticsSummaryPageSql,
} from './statistics';
import {
  ELEARNING_STATE_SQL,
  OPEN_TASK_SQL,
  rescheduleWaitingTasks,
  syncElearningTasks,
  syncElearningTasksOnMembershipChange,
} from './taskSync';

const CATALOG_SORT = {
  title: 'title',
  durationMinutes: 'e.duration_minutes',
  assignedMemberCount: 'assigned_member_count',
  completedMemberCount: 'completed_member_count',
};

type Language = 'de_DE' | 'en_GB';
type State = 'live' | 'scheduled' | 'ended' | 'inactive';

interface CatalogRow {
  uuid: string;
  title: string;
  description: string | null;
  duration_minutes: number;
  languages: Language[];
  active: boolean;
  state: State;
  assigned_member_count: number;
  completed_member_count: number;
}

/**
 * The catalogue columns of the e-learnings matching `condition` (alias `e`): title in the signed-in member's
 * language when the course has it, and member counts limited to the members the session may see.
 */
function catalogSelect(session: SessionContext, params: unknown[], condition: string): string {
  const visible = visibleMembers(session, params, 'm');
  params.push(session.memberUuid);
  const me = `$${params.length}`;
  return `SELECT e.uuid, coalesce(mine.title, e.title) AS title, coalesce(mine.description, e.description) AS description,
                 e.duration_minutes, e.active, ${ELEARNING_STATE_SQL} AS state,
                 coalesce((SELECT array_agg(l.language ORDER BY l.language) FROM elearning_language l WHERE l.elearning_uuid = e.uuid),
                          ARRAY['de_DE']) AS languages,
                 coalesce(counts.assigned, 0) AS assigned_member_count, coalesce(counts.completed, 0) AS completed_member_count
            FROM elearning e
            LEFT JOIN elearning_language mine
                   ON mine.elearning_uuid = e.uuid AND mine.language = (SELECT language FROM member WHERE uuid = ${me})
            LEFT JOIN LATERAL (
                 -- One summary row per member of the e-learning (migration 016): with an open attempt or a completion
                 -- he is assigned, with a completion he has completed it; archived members count for nothing.
                 SELECT (count(*) FILTER (WHERE p.has_open OR p.completed_count > 0))::int AS assigned,
                        (count(*) FILTER (WHERE p.completed_count > 0))::int AS completed
                   FROM elearning_member_summary p JOIN member m ON m.uuid = p.member_uuid
                  WHERE p.elearning_uuid = e.uuid AND NOT p.archived AND ${visible}) counts ON true
           WHERE ${condition}`;
}

function catalogItem(row: CatalogRow) {
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    durationMinutes: row.duration_minutes,
    languages: row.languages,
    active: row.active,
    state: row.state,
    assignedMemberCount: row.assigned_member_count,
    completedMemberCount: row.completed_member_count,
  };
}

/** The e-learning of the session's client, locked for a change when `forUpdate`; 404 Elearning.NotFound otherwise. */
async function requireElearning(db: Queryable, session: SessionContext, uuid: string, forUpdate = false) {
  const rows = await db.query<{ uuid: string; title: string }>(
    `SELECT uuid, title FROM elearning WHERE uuid = $1 AND client_uuid = $2 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [uuid, session.clientUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return row;
}

/**
 * An e-learning of the session's client with the version of what its analytics show: the client's company version
 * (members, names, units), the e-learning's statistics version (its members' attempts and its settings, migration
 * 019) and the database's day (statuses turn overdue at midnight). Answers kept for this version are exact.
 */
async function requireElearningStatistics(db: Queryable, session: SessionContext, uuid: string): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `SELECT coalesce(v.version, 0)::text || '.' || to_char(current_date, 'YYYYMMDD') AS version
       FROM elearning e LEFT JOIN data_version v ON v.scope = 'elearning-statistics' AND v.key = e.uuid
      WHERE e.uuid = $1 AND e.client_uuid = $2`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return `${session.companyVersion}.${row.version}`;
}

interface SettingsRow {
  active: boolean;
  due_date: string | null;
  first_execution_buffer_days: number;
  repeat_interval_months: number;
  activate_on: string | null;
  deactivate_on: string | null;
  state: State;
}

async function readSettings(db: Queryable, uuid: string) {
  const [row] = await db.query<SettingsRow>(
    `SELECT e.active, e.due_date::text AS due_date, e.first_execution_buffer_days, e.repeat_interval_months,
            e.activate_on::text AS activate_on, e.deactivate_on::text AS deactivate_on, ${ELEARNING_STATE_SQL} AS state
       FROM elearning e WHERE e.uuid = $1`,
    [uuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return {
    active: row.active,
    dueDate: row.due_date,
    firstExecutionBufferDays: row.first_execution_buffer_days as 0 | 7 | 14 | 30 | 60 | 90,
    repeatIntervalMonths: row.repeat_interval_months,
    activateOn: row.activate_on,
    deactivateOn: row.deactivate_on,
    state: row.state,
  };
}

/** Org units of the client given by uuid (an ou-admin: his units); 404 OrgUnit.NotFound when one is not. */
async function requireOrgUnits(db: Queryable, session: SessionContext, uuids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(uuids)];
  const params: unknown[] = [unique];
  const visible = visibleOrgUnits(session, params, 'o');
  const rows = await db.query<{ uuid: string }>(
    `SELECT o.uuid FROM org_unit o WHERE o.uuid = ANY ($1::uuid[]) AND ${visible}`,
    params,
  );
  if (rows.length !== unique.length) throw new ApiHttpError(404, 'OrgUnit.NotFound');
  return unique;
}

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

export function registerElearningRoutes(app: FastifyInstance, db: Database): void {
  // Members who join, leave, are archived or restored: their tasks follow in the same transaction.
  onMembershipChanged(syncElearningTasksOnMembershipChange);
  // The player (issue 14): packages, executions, results, certificates.
  registerElearningPlayerRoutes(app, db);

  // The catalogue counts every e-learning's members from their summary rows: kept as the checked answer for the
  // company version, the client's catalogue version (migration 019) and the reader's language (titles).
  const catalogs = new KeptAnswers(ENDPOINTS.elearningCatalog);
  registerEndpoint(app, db, ENDPOINTS.elearningCatalog, async ({ body, session, request }) => {
    const version = await readClientVersion(db, session, 'elearning-catalog');
    const language = session.settings.language;
    return catalogs.get(request, session, version, [language, body], () => readCatalog(body, session));
  });

  const readCatalog = async (body: z.output<typeof ENDPOINTS.elearningCatalog.request>, session: SessionContext) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'e.client_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND (e.title ILIKE $${params.length} OR e.description ILIKE $${params.length}
        OR EXISTS (SELECT 1 FROM elearning_language l WHERE l.elearning_uuid = e.uuid AND l.title ILIKE $${params.length}))`;
    }
    // The count needs only the condition's parameters; the page adds the session's scope and language.
    const countParams = [...params];
    const select = catalogSelect(session, params, condition);
    params.push(body.perPage, (body.page - 1) * body.perPage);
    const [rows, count] = await Promise.all([
      db.query<CatalogRow>(
        `SELECT * FROM (${select}) e ${orderBy(CATALOG_SORT, body.sortBy, body.sortDirection, 'e.uuid')}
         LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM elearning e WHERE ${condition}`, countParams),
    ]);
    const total = count[0]?.total ?? 0;
    return { items: rows.map(catalogItem), total };
  };

  registerEndpoint(app, db, ENDPOINTS.elearningDetails, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid, body.uuid];
    const [row] = await db.query<CatalogRow>(
      catalogSelect(session, params, 'e.client_uuid = $1 AND e.uuid = $2'),
      params,
    );
    if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
    const versions = await db.query<{ language: Language; title: string; description: string | null }>(
      'SELECT language, title, description FROM elearning_language WHERE elearning_uuid = $1 ORDER BY language',
      [body.uuid],
    );
    return { ...catalogItem(row), versions };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningSettings, async ({ body, session }) => {
    await requireElearning(db, session, body.uuid);
    return readSettings(db, body.uuid);
  });

  registerEndpoint(app, db, ENDPOINTS.elearningSaveSettings, async ({ body, session }) => {
    const { uuid, ...settings } = body;
    if (settings.activateOn && settings.deactivateOn && settings.deactivateOn <= settings.activateOn) {
      throw new ApiHttpError(400, 'Elearning.InvalidDate');
    }
    return db.transaction(async (tx) => {
      await requireElearning(tx, session, uuid, true);
      const before = await readSettings(tx, uuid);
      // "In the past" by the database's calendar, like every other date rule of the tasks.
      const [dates] = await tx.query<{ due_in_past: boolean }>(
        'SELECT coalesce($1::date < current_date, false) AS due_in_past',
        [settings.dueDate],
      );
      if (dates?.due_in_past && settings.dueDate !== before.dueDate)
        throw new ApiHttpError(400, 'Elearning.InvalidDate');
      await tx.query(
        `UPDATE elearning SET active = $2, due_date = $3, first_execution_buffer_days = $4, repeat_interval_months = $5,
                activate_on = $6, deactivate_on = $7, updated_at = now() WHERE uuid = $1`,
        [
          uuid,
          settings.active,
          settings.dueDate,
          settings.firstExecutionBufferDays,
          settings.repeatIntervalMonths,
          settings.activateOn,
          settings.deactivateOn,
        ],
      );
      const moved = await rescheduleWaitingTasks(tx, uuid);
      const { created } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: uuid });
      const { state: _state, ...beforeSettings } = before;
      await recordAudit(tx, session, [
        {
          action: 'elearning.save-settings',
          entityType: 'elearning',
          entityUuid: uuid,
          before: beforeSettings,
          after: settings,
        },
      ]);
      return { ...(await readSettings(tx, uuid)), changedTaskCount: moved + created };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.elearningOrgUnitAssignments, async ({ body, session }) => {
    await requireElearning(db, session, body.uuid);
    const params: unknown[] = [body.uuid];
    const visible = visibleOrgUnits(session, params, 'o');
    const rows = await db.query<{
      uuid: string;
      name: string;
      is_default: boolean;
      member_count: number;
      admins: Array<{ uuid: string; firstName: string; lastName: string }>;
      assigned_at: unknown;
    }>(
      `SELECT o.uuid, o.name, o.is_default, a.assigned_at,
              (WITH RECURSIVE subtree AS (
                  SELECT o.uuid AS uuid UNION SELECT c.uuid FROM org_unit c JOIN subtree s ON c.parent_uuid = s.uuid)
               SELECT count(DISTINCT om.member_uuid) FROM org_unit_membership om JOIN subtree s ON s.uuid = om.org_unit_uuid)::int
                AS member_count,
              coalesce((SELECT json_agg(json_build_object('uuid', m.uuid, 'firstName', m.first_name, 'lastName', m.last_name)
                                        ORDER BY m.last_name, m.first_name)
                          FROM org_unit_admin oa JOIN member m ON m.uuid = oa.member_uuid
                         WHERE oa.org_unit_uuid = o.uuid AND m.archived_at IS NULL), '[]') AS admins
         FROM elearning_org_unit a JOIN org_unit o ON o.uuid = a.org_unit_uuid
        WHERE a.elearning_uuid = $1 AND ${visible}
        ORDER BY o.is_default DESC, o.name, o.uuid`,
      params,
    );
    return {
      items: rows.map((row) => ({
        orgUnitUuid: row.uuid,
        orgUnitName: row.name,
        isDefault: row.is_default,
        memberCount: row.member_count,
        admins: row.admins,
        assignedAt: iso(row.assigned_at) ?? '',
      })),
      total: rows.length,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningAssignOrgUnits, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const units = await requireOrgUnits(tx, session, body.orgUnitUuids);
      const added = await tx.query<{ org_unit_uuid: string }>(
        `INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid)
         SELECT $1, unit, $3 FROM unnest($2::uuid[]) AS unit
         ON CONFLICT DO NOTHING RETURNING org_unit_uuid`,
        [body.uuid, units, session.clientUuid],
      );
      const { created } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid });
      await recordAudit(tx, session, [
        {
          action: 'elearning.assign-org-units',
          entityType: 'elearning',
          entityUuid: body.uuid,
          after: { orgUnitUuids: added.map((row) => row.org_unit_uuid), createdTasks: created },
        },
      ]);
      return { changedOrgUnitCount: added.length, changedTaskCount: created };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.elearningRemoveOrgUnits, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const units = await requireOrgUnits(tx, session, body.orgUnitUuids);
      const removedUnits = await tx.query<{ org_unit_uuid: string }>(
        `DELETE FROM elearning_org_unit WHERE elearning_uuid = $1 AND org_unit_uuid = ANY ($2::uuid[])
         RETURNING org_unit_uuid`,
        [body.uuid, units],
      );
      const { removed } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid });
      await recordAudit(tx, session, [
        {
          action: 'elearning.remove-org-units',
          entityType: 'elearning',
          entityUuid: body.uuid,
          before: { orgUnitUuids: removedUnits.map((row) => row.org_unit_uuid) },
          after: { removedOpenTasks: removed },
        },
      ]);
      return { changedOrgUnitCount: removedUnits.length, changedTaskCount: removed };
    }),
  );

  // The analytics of an e-learning of 10,000 members sort every member's status (10-20 ms of the database's time per
  // page): pages and overviews are kept as checked answers for the version they were read at (issue 13: p95 <= 50 ms).
  const statisticsPages = new KeptAnswers(ENDPOINTS.elearningStatistics);
  const statisticsOverviews = new KeptAnswers(ENDPOINTS.elearningStatisticsOverview);

  registerEndpoint(app, db, ENDPOINTS.elearningStatistics, async ({ body, session, request }) => {
    const version = await requireElearningStatistics(db, session, body.uuid);
    return statisticsPages.get(request, session, version, body, () => readStatistics(body, session));
  });

  const readStatistics = async (
    body: z.output<typeof ENDPOINTS.elearningStatistics.request>,
    session: SessionContext,
  ) => {
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
    const names = await orgUnitNamesOf(
      db,
      rows.map((row) => row.member_uuid),
    );
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
      })),
      total,
    };
  };

  registerEndpoint(app, db, ENDPOINTS.elearningStatisticsOverview, async ({ body, session, request }) => {
    const version = await requireElearningStatistics(db, session, body.uuid);
    return statisticsOverviews.get(request, session, version, body, () => readStatisticsOverview(body, session));
  });

  const readStatisticsOverview = async (
    body: z.output<typeof ENDPOINTS.elearningStatisticsOverview.request>,
    session: SessionContext,
  ) => {
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
  };

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

  registerEndpoint(app, db, ENDPOINTS.elearningResetProgress, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const params: unknown[] = [body.uuid, [...new Set(body.memberUuids)]];
      const visible = visibleMembers(session, params, 'm');
      // The current attempt closes (kept as history); a new attempt starts with the same due date, or, after a
      // completion, due today + buffer.
      const closed = await tx.query<{ member_uuid: string }>(
        `WITH targets AS (
           SELECT m.uuid FROM member m WHERE m.uuid = ANY ($2::uuid[]) AND m.archived_at IS NULL AND ${visible}
              AND EXISTS (SELECT 1 FROM elearning_task t WHERE t.elearning_uuid = $1 AND t.member_uuid = m.uuid
                             AND (t.completed_at IS NOT NULL OR (${OPEN_TASK_SQL})))),
         closed AS (
           UPDATE elearning_task t SET reset_at = now() FROM targets
            WHERE t.elearning_uuid = $1 AND t.member_uuid = targets.uuid AND ${OPEN_TASK_SQL}
           RETURNING t.member_uuid, t.due_date, t.origin)
         SELECT targets.uuid AS member_uuid, closed.due_date::text AS due_date, closed.origin
           FROM targets LEFT JOIN closed ON closed.member_uuid = targets.uuid`,
        params,
      );
      if (closed.length === 0) return { resetCount: 0 };
      await tx.query(
        `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, available_from, due_date, origin)
         SELECT $1, e.uuid, x.member_uuid, current_date,
                CASE WHEN x.due_date IS NULL OR x.origin = 'repeat' THEN current_date + e.first_execution_buffer_days
                     ELSE x.due_date::date END,
                'reset'
           FROM jsonb_to_recordset($3::jsonb) AS x(member_uuid uuid, due_date text, origin text)
           JOIN elearning e ON e.uuid = $2`,
        [session.clientUuid, body.uuid, JSON.stringify(closed)],
      );
      // Members no longer assigned keep the closed attempt but get no new one (the task rules decide).
      const memberUuids = closed.map((row) => row.member_uuid);
      await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid, memberUuids });
      await recordAudit(
        tx,
        session,
        memberUuids.map((memberUuid) => ({
          action: 'elearning.reset-progress',
          entityType: 'elearning' as const,
          entityUuid: body.uuid,
          memberUuid,
        })),
      );
      return { resetCount: memberUuids.length };
    }),
  );

  // My e-learnings (and the start page's list): kept per member for the client's task version (readTaskVersion).
  const memberTasks = new KeptAnswers(ENDPOINTS.elearningMemberTasks);
  registerEndpoint(app, db, ENDPOINTS.elearningMemberTasks, async ({ body, session, request }) => {
    const version = await readTaskVersion(db, session);
    const key = [session.memberUuid, session.settings.language, body];
    return memberTasks.get(request, session, version, key, () => readOwnTasks(body, session));
  });

  const readOwnTasks = (body: z.output<typeof ENDPOINTS.elearningMemberTasks.request>, session: SessionContext) =>
    readMemberTasks(
      db,
      session,
      {
        tasks: 'elearning_task',
        catalog: 'elearning',
        catalogKey: 'elearning_uuid',
        // Reset attempts are history; open attempts show from their start while the e-learning is live.
        visible: `t.reset_at IS NULL AND (t.completed_at IS NOT NULL OR (t.available_from <= current_date
                  AND c.active AND (c.activate_on IS NULL OR c.activate_on <= current_date)
                  AND (c.deactivate_on IS NULL OR c.deactivate_on > current_date)))`,
        // In the member's language where the course has that version.
        title: `coalesce((SELECT l.title FROM elearning_language l JOIN member me ON me.uuid = t.member_uuid
                           WHERE l.elearning_uuid = c.uuid AND l.language = me.language), c.title)`,
      },
      body,
    );

  registerEndpoint(app, db, ENDPOINTS.elearningMemberStatistics, async ({ session }) => {
    const [row] = await db.query<{ overdue: number; next7: number; month: number; done: number; all: number }>(
      `SELECT (count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date < current_date))::int AS overdue,
              (count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date BETWEEN current_date AND current_date + 7))::int AS next7,
              (count(*) FILTER (WHERE t.completed_at IS NULL
                                  AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date))::int AS month,
              (count(*) FILTER (WHERE t.completed_at IS NOT NULL))::int AS done,
              count(*)::int AS all
         FROM elearning_task t JOIN elearning c ON c.uuid = t.elearning_uuid
        WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND t.reset_at IS NULL
          AND (t.completed_at IS NOT NULL OR (t.available_from <= current_date AND c.active
               AND (c.activate_on IS NULL OR c.activate_on <= current_date)
               AND (c.deactivate_on IS NULL OR c.deactivate_on > current_date)))`,
      [session.memberUuid, session.clientUuid],
    );
    return {
      overdue: row?.overdue ?? 0,
      next7Days: row?.next7 ?? 0,
      nextMonth: row?.month ?? 0,
      done: row?.done ?? 0,
      all: row?.all ?? 0,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningMemberTask, async ({ body, session }) => {
    const [row] = await db.query<{
      uuid: string;
      due_date: string | null;
      completed_at: unknown;
      started_at: unknown;
      elearning_uuid: string;
      title: string;
      description: string | null;
      duration_minutes: number;
      languages: Language[];
    }>(
      `SELECT t.uuid, t.due_date::text AS due_date, t.completed_at, t.started_at, e.uuid AS elearning_uuid,
              coalesce(mine.title, e.title) AS title, coalesce(mine.description, e.description) AS description,
              e.duration_minutes,
              coalesce((SELECT array_agg(l.language ORDER BY l.language) FROM elearning_language l WHERE l.elearning_uuid = e.uuid),
                       ARRAY['de_DE']) AS languages
         FROM elearning_task t JOIN elearning e ON e.uuid = t.elearning_uuid
         JOIN member me ON me.uuid = t.member_uuid
         LEFT JOIN elearning_language mine ON mine.elearning_uuid = e.uuid AND mine.language = me.language
        WHERE t.uuid = $1 AND t.member_uuid = $2 AND t.client_uuid = $3 AND t.reset_at IS NULL`,
      [body.uuid, session.memberUuid, session.clientUuid],
    );
    // Another member's task answers exactly like one that does not exist.
    if (!row) throw new ApiHttpError(404, 'ElearningTask.NotFound');
    return {
      uuid: row.uuid,
      dueDate: row.due_date,
      completedAt: iso(row.completed_at),
      startedAt: iso(row.started_at),
      elearning: {
        uuid: row.elearning_uuid,
        title: row.title,
        description: row.description,
        durationMinutes: row.duration_minutes,
        languages: row.languages,
      },
    };
  });
}
