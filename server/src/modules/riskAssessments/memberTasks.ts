import type { memberTasksRequestSchema, RiskAssessmentMemberTasksResponse } from '@dash/shared-core/contract';
import type { z } from 'zod';
import type { Database } from '../../core/db/database';
import { iso, orderBy } from '../../core/db/rows';
import type { SessionContext } from '../auth/sessions';

type MemberTasksRequest = z.output<typeof memberTasksRequestSchema>;
type Counts = RiskAssessmentMemberTasksResponse['counts'];

const DUE_STATUS = `CASE
  WHEN t.completed_at IS NOT NULL THEN 'done'
  WHEN t.closed_at IS NOT NULL THEN 'later'
  WHEN t.due_date < current_date THEN 'overdue'
  WHEN t.due_date <= current_date + 7 THEN 'next7Days'
  WHEN t.due_date <= (current_date + interval '1 month')::date THEN 'nextMonth'
  ELSE 'later' END`;

const FILTERS: Record<MemberTasksRequest['filter']['status'], string> = {
  all: 'TRUE',
  // An analysis closed by the end of the analysis phase (issue 16) is neither open nor done.
  open: 't.completed_at IS NULL AND t.closed_at IS NULL',
  done: 't.completed_at IS NOT NULL',
  overdue: 't.completed_at IS NULL AND t.closed_at IS NULL AND t.due_date < current_date',
  next7Days: 't.completed_at IS NULL AND t.closed_at IS NULL AND t.due_date BETWEEN current_date AND current_date + 7',
  nextMonth:
    "t.completed_at IS NULL AND t.closed_at IS NULL AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date",
};

const SORT_COLUMNS = { dueDate: 't.due_date', title: 'c.title' };

/** A member sees the analyses of active tasks, and those he has completed whatever became of the task since. */
const FROM = `FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
  WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND (c.active OR t.completed_at IS NOT NULL)`;

/**
 * My analyses (and the start page's open tasks): one per assigned org unit, with the counts of the due-status
 * bubbles. The counts also give the total of the chosen filter, so two queries answer the call.
 */
export async function readRiskAssessmentMemberTasks(
  db: Database,
  session: SessionContext,
  request: MemberTasksRequest,
): Promise<RiskAssessmentMemberTasksResponse> {
  const [rows, countRows] = await Promise.all([
    db.query<{
      uuid: string;
      catalog_uuid: string;
      title: string;
      due_date: string | null;
      completed_at: unknown;
      due_status: RiskAssessmentMemberTasksResponse['items'][number]['dueStatus'];
      kind: RiskAssessmentMemberTasksResponse['items'][number]['kind'];
      org_unit_name: string | null;
      location_name: string | null;
      execution_uuid: string | null;
      closed_at: unknown;
    }>(
      `SELECT t.uuid, c.uuid AS catalog_uuid, c.title, t.due_date::text AS due_date, t.completed_at,
              ${DUE_STATUS} AS due_status, ty.kind, o.name AS org_unit_name, l.name AS location_name, t.execution_uuid, t.closed_at
         FROM (SELECT t.* ${FROM} AND ${FILTERS[request.filter.status]}) t
         JOIN risk_assessment_task c ON c.uuid = t.task_uuid
         JOIN risk_assessment_type ty ON ty.identifier = c.type
         LEFT JOIN org_unit o ON o.uuid = t.org_unit_uuid
         LEFT JOIN location l ON l.uuid = t.location_uuid
        ${orderBy(SORT_COLUMNS, request.sortBy, request.sortDirection, 't.uuid')} LIMIT $3 OFFSET $4`,
      [session.memberUuid, session.clientUuid, request.perPage, (request.page - 1) * request.perPage],
    ),
    db.query<Counts & { open: number }>(
      `SELECT count(*) FILTER (WHERE ${FILTERS.overdue})::int AS overdue,
              count(*) FILTER (WHERE ${FILTERS.next7Days})::int AS "next7Days",
              count(*) FILTER (WHERE ${FILTERS.nextMonth})::int AS "nextMonth",
              count(*) FILTER (WHERE ${FILTERS.done})::int AS done,
              count(*) FILTER (WHERE ${FILTERS.open})::int AS open,
              count(*)::int AS all
         ${FROM}`,
      [session.memberUuid, session.clientUuid],
    ),
  ]);
  const { open, ...counts } = countRows[0] ?? { overdue: 0, next7Days: 0, nextMonth: 0, done: 0, open: 0, all: 0 };
  const total = request.filter.status === 'open' ? open : counts[request.filter.status];
  return {
    items: rows.map((row) => ({
      uuid: row.uuid,
      catalogUuid: row.catalog_uuid,
      title: row.title,
      dueDate: row.due_date,
      completedAt: iso(row.completed_at),
      dueStatus: row.due_status,
      kind: row.kind,
      orgUnitName: row.org_unit_name,
      locationName: row.location_name,
      executionUuid: row.execution_uuid,
      closedAt: iso(row.closed_at),
    })),
    total,
    counts,
  };
}
