import type { MemberTask, memberTasksRequestSchema } from '@dash/shared-core/contract';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { iso, orderBy } from '../db/rows';
import type { SessionContext } from '../sessions/sessions';
import type { DueCounts } from './dueCounts';

type MemberTasksRequest = z.output<typeof memberTasksRequestSchema>;

/** What one area's member tasks are: where it keeps them and its catalogue, and which of them show and how. */
export interface TaskKind {
  tasks: 'elearning_task' | 'risk_assessment_member_task';
  catalog: 'elearning' | 'risk_assessment_task';
  catalogKey: 'elearning_uuid' | 'task_uuid';
  /** Which of the member's tasks show at all (SQL on `t` and `c`); default: all of them. */
  visible?: string;
  /** The title shown and sorted by (SQL on `t` and `c`), e.g. in the member's language; default `c.title`. */
  title?: string;
  /**
   * When a task that is not completed is closed all the same (SQL on `t`), e.g. an analysis whose phase ended: it
   * is neither open nor due (due status 'later') and counts only under "all". Default: never.
   */
  closed?: string;
}

/** More columns of each task (SQL on `t`, `c` and `joins`) and how an item carries them. */
export interface TaskDetails<Row, Item> {
  columns: string;
  joins: string;
  item: (row: Row, task: MemberTask) => Item;
}

type DueFilter = MemberTasksRequest['filter']['status'];

/** The filters of the lists and bubbles; an uncompleted task is open unless the kind says it is closed. */
function dueFilters(kind: TaskKind): Record<DueFilter, string> {
  const pending = kind.closed ? `t.completed_at IS NULL AND NOT (${kind.closed})` : 't.completed_at IS NULL';
  return {
    all: 'TRUE',
    open: pending,
    done: 't.completed_at IS NOT NULL',
    overdue: `${pending} AND t.due_date < current_date`,
    next7Days: `${pending} AND t.due_date BETWEEN current_date AND current_date + 7`,
    nextMonth: `${pending} AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date`,
  };
}

function dueStatus(kind: TaskKind): string {
  return `CASE
  WHEN t.completed_at IS NOT NULL THEN 'done'${kind.closed ? `\n  WHEN ${kind.closed} THEN 'later'` : ''}
  WHEN t.due_date < current_date THEN 'overdue'
  WHEN t.due_date <= current_date + 7 THEN 'next7Days'
  WHEN t.due_date <= (current_date + interval '1 month')::date THEN 'nextMonth'
  ELSE 'later' END`;
}

const SORT_COLUMNS = { dueDate: 't.due_date', title: 'c.title' };

/** The member's tasks of the kind (`$1` member, `$2` client) that pass `filter`, with the tables `joins` adds. */
function tasksFrom(kind: TaskKind, filter: string, joins = ''): string {
  return `FROM ${kind.tasks} t JOIN ${kind.catalog} c ON c.uuid = t.${kind.catalogKey} ${joins}
    WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND ${filter}
      AND (${kind.visible ?? 'TRUE'})`;
}

const NO_DETAILS: TaskDetails<object, MemberTask> = { columns: '', joins: '', item: (_row, task) => task };

/** The signed-in member's own tasks of one area (spec: start overview, my e-learnings, my analyses). */
export function readMemberTasks(
  db: Database,
  session: SessionContext,
  kind: TaskKind,
  request: MemberTasksRequest,
): Promise<{ items: MemberTask[]; total: number }> {
  return readMemberTasksWith(db, session, kind, request, NO_DETAILS);
}

/** `readMemberTasks` with more columns per task (`details`), e.g. where an analysis is done. */
export async function readMemberTasksWith<Row extends object, Item>(
  db: Database,
  session: SessionContext,
  kind: TaskKind,
  request: MemberTasksRequest,
  details: TaskDetails<Row, Item>,
): Promise<{ items: Item[]; total: number }> {
  const title = kind.title ?? 'c.title';
  const filter = dueFilters(kind)[request.filter.status];
  // One statement for the page and its total (the total rides on every row): a member has few tasks, and on
  // embedded PGlite every statement waits its turn. Past the last page the total is counted apart.
  const rows = await db.query<
    Row & {
      uuid: string;
      catalog_uuid: string;
      title: string;
      due_date: string | null;
      completed_at: unknown;
      due_status: MemberTask['dueStatus'];
      total: number;
    }
  >(
    `SELECT t.uuid, c.uuid AS catalog_uuid, ${title} AS title, t.due_date::text AS due_date, t.completed_at, ${dueStatus(kind)} AS due_status,
            ${details.columns ? `${details.columns}, ` : ''}(count(*) OVER ())::int AS total
      ${tasksFrom(kind, filter, details.joins)}
      ${orderBy({ ...SORT_COLUMNS, title }, request.sortBy, request.sortDirection, 't.uuid')} LIMIT $3 OFFSET $4`,
    [session.memberUuid, session.clientUuid, request.perPage, (request.page - 1) * request.perPage],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && request.page > 1) {
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${tasksFrom(kind, filter)}`, [
      session.memberUuid,
      session.clientUuid,
    ]);
    total = count?.total ?? 0;
  }
  return {
    items: rows.map((row) =>
      details.item(row, {
        uuid: row.uuid,
        catalogUuid: row.catalog_uuid,
        title: row.title,
        dueDate: row.due_date,
        completedAt: iso(row.completed_at),
        dueStatus: row.due_status,
      }),
    ),
    total,
  };
}

/** The counts of the due-status bubbles over all the member's tasks of the kind (the lists' own filters). */
export async function readMemberTaskCounts(db: Database, session: SessionContext, kind: TaskKind): Promise<DueCounts> {
  const filters = dueFilters(kind);
  const [row] = await db.query<DueCounts>(
    `SELECT count(*) FILTER (WHERE ${filters.overdue})::int AS overdue,
            count(*) FILTER (WHERE ${filters.next7Days})::int AS "next7Days",
            count(*) FILTER (WHERE ${filters.nextMonth})::int AS "nextMonth",
            count(*) FILTER (WHERE ${filters.done})::int AS done,
            count(*)::int AS all
       ${tasksFrom(kind, 'TRUE')}`,
    [session.memberUuid, session.clientUuid],
  );
  return row ?? { overdue: 0, next7Days: 0, nextMonth: 0, done: 0, all: 0 };
}
