import type {
  memberTasksRequestSchema,
  RiskAssessmentMemberTask,
  RiskAssessmentMemberTasksResponse,
} from '@dash/shared-core/contract';
import type { z } from 'zod';
import type { Database } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';
import {
  readMemberTaskCounts,
  readMemberTasksWith,
  type TaskDetails,
  type TaskKind,
} from '../../core/tasks/memberTasks';

type MemberTasksRequest = z.output<typeof memberTasksRequestSchema>;

/**
 * A member's analyses: he sees those of active tasks, and those he has completed whatever became of the task since.
 * An analysis closed by the end of the analysis phase is neither open nor done.
 */
const RISK_ASSESSMENT_TASKS: TaskKind = {
  tasks: 'risk_assessment_member_task',
  catalog: 'risk_assessment_task',
  catalogKey: 'task_uuid',
  visible: 'c.active OR t.completed_at IS NOT NULL',
  closed: 't.closed_at IS NOT NULL',
};

/** What an analysis is of: the kind of task, where (org unit or location), its execution, and whether it closed. */
const ANALYSIS_DETAILS: TaskDetails<
  {
    kind: RiskAssessmentMemberTask['kind'];
    org_unit_name: string | null;
    location_name: string | null;
    execution_uuid: string | null;
    closed_at: unknown;
  },
  RiskAssessmentMemberTask
> = {
  columns: 'ty.kind, o.name AS org_unit_name, l.name AS location_name, t.execution_uuid, t.closed_at',
  joins: `JOIN risk_assessment_type ty ON ty.identifier = c.type
    LEFT JOIN org_unit o ON o.uuid = t.org_unit_uuid
    LEFT JOIN location l ON l.uuid = t.location_uuid`,
  item: (row, task) => ({
    ...task,
    kind: row.kind,
    orgUnitName: row.org_unit_name,
    locationName: row.location_name,
    executionUuid: row.execution_uuid,
    closedAt: iso(row.closed_at),
  }),
};

/** My analyses (and the start page's open tasks): one per assigned org unit, with the counts of the due-status bubbles. */
export async function readRiskAssessmentMemberTasks(
  db: Database,
  session: SessionContext,
  request: MemberTasksRequest,
): Promise<RiskAssessmentMemberTasksResponse> {
  const [{ items, total }, counts] = await Promise.all([
    readMemberTasksWith(db, session, RISK_ASSESSMENT_TASKS, request, ANALYSIS_DETAILS),
    readMemberTaskCounts(db, session, RISK_ASSESSMENT_TASKS),
  ]);
  return { items, total, counts };
}
