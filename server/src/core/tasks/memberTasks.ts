import type { MemberTask, memberTasksRequestSchema } from '@dash/shared-core/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { iso, orderBy } from '../db/rows';
import type { SessionContext } from '../sessions/sessions';

type MemberTasksRequest = z.output<typeof memberTasksRequestSchema>;

/** Where one area keeps its catalogue and its members' tasks. */
export interface TaskTables {
  tasks: 'elearning_task' | 'risk_assessment_member_task';
  catalog: 'elearning' | 'risk_assessment_task';
  catalogKey: 'elearning_uuid' | 'task_uuid';
  /** Which of the member's tasks show at all (SQL on `t` and `c`); default: all of them. */
  visible?: string;
  /** The title shown and sorted by (SQL on `t` and `c`), e.g. in the member's language; default `c.title`. */
  title?: string;
}

const DUE_STATUS = `CASE
  WHEN t.completed_at IS NOT NULL THEN 'done'
  WHEN t.due_date < current_date THEN 'overdue'
  WHEN t.due_date <= current_date + 7 THEN 'next7Days'
  WHEN t.due_date <= (current_date + interval '1 month')::date THEN 'nextMonth'
  ELSE 'later' END`;

const FILTERS: Record<MemberTasksRequest['filter']['status'], string> = {
  all: 'TRUE',
  open: 't.completed_at IS NULL',
  done: 't.completed_at IS NOT NULL',
  overdue: 't.completed_at IS NULL AND t.due_date < current_date',
  next7Days: 't.completed_at IS NULL AND t.due_date BETWEEN current_date AND current_date + 7',
  nextMonth: "t.completed_at IS NULL AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date",
};

const SORT_COLUMNS = { dueDate: 't.due_date', title: 'c.title' };

/** The signed-in member's own tasks of one area (spec: start overview, my e-learnings, my analyses). */
export async function readMemberTasks(
  db: Database,
  session: SessionContext,
  tables: TaskTables,
  request: MemberTasksRequest,
): Promise<{ items: MemberTask[]; total: number }> {
  const title = tables.title ?? 'c.title';
  const from = `FROM ${tables.tasks} t JOIN ${tables.catalog} c ON c.uuid = t.${tables.catalogKey}
    WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND ${FILTERS[request.filter.status]}
      AND (${tables.visible ?? 'TRUE'})`;
  // One statement for the page and its total (the total rides on every row): a member has few tasks, and on
  // embedded PGlite every statement waits its turn. Past the last page the total is counted apart.
  const rows = await db.query<{
    uuid: string;
    catalog_uuid: string;
    title: string;
    due_date: string | null;
    completed_at: unknown;
    due_status: MemberTask['dueStatus'];
    total: number;
  }>(
    `SELECT t.uuid, c.uuid AS catalog_uuid, ${title} AS title, t.due_date::text AS due_date, t.completed_at, ${DUE_STATUS} AS due_status,
            (count(*) OVER ())::int AS total
      ${from} ${orderBy({ ...SORT_COLUMNS, title }, request.sortBy, request.sortDirection, 't.uuid')} LIMIT $3 OFFSET $4`,
    [session.memberUuid, session.clientUuid, request.perPage, (request.page - 1) * request.perPage],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && request.page > 1) {
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, [
      session.memberUuid,
      session.clientUuid,
    ]);
    total = count?.total ?? 0;
  }
  return {
    items: rows.map((row) => ({
      uuid: row.uuid,
      catalogUuid: row.catalog_uuid,
      title: row.title,
      dueDate: row.due_date,
      completedAt: iso(row.completed_at),
      dueStatus: row.due_status,
    })),
    total,
  };
}
