import { hasAnyPermission, type Permission } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import type { SessionContext } from '../../core/sessions/sessions';
import {
  type DueCounts,
  ELEARNING_DUE_COUNTS_JSON,
  INSTRUCTION_DUE_COUNTS_JSON,
  MY_RISK_ACTION_COUNTS_JSON,
  RISK_ASSESSMENT_DUE_COUNTS_JSON,
} from '../../core/tasks/dueCounts';
import { readTaskVersion } from '../../core/tasks/taskVersion';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import { evaluableAssignments } from '../riskAssessments/evaluation';

/** Risk-action filter -> the status of the evaluations it lists (spec section 4: risk assessment status). */
const RISK_ACTION_STATUS = { riskActionDefine: 'risksCreated', riskActionAgreed: 'actionsAgreed' } as const;

/**
 * The evaluations an administrator works on, one per assigned org unit or location whose analysis phase is over
 * (risk_assessment_evaluation): the client's; an ou-admin's only for his units (the evaluation list's rule). Appends
 * its parameters; a condition on `ev` joined with its assignment `a` and assessment `c`.
 */
function visibleEvaluations(session: SessionContext, params: unknown[]): string {
  return `c.active AND ev.superseded_at IS NULL AND ${evaluableAssignments(session, params, 'a')}`;
}

const EVALUATIONS_FROM = `FROM risk_assessment_evaluation ev
  JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
  JOIN risk_assessment_task c ON c.uuid = ev.task_uuid`;

/** Start overview (spec section 2 "Start"): the bubbles of both areas, and the administrators' risk-action filters. */
export function registerStartRoutes(app: FastifyInstance, db: Database): void {
  // Kept per member for the client's task version (readTaskVersion): the start page asks on every visit.
  const taskCounts = new KeptAnswers(ENDPOINTS.startTaskCounts);
  registerEndpoint(app, db, ENDPOINTS.startTaskCounts, async ({ session, request }) => {
    const version = await readTaskVersion(db, session);
    return taskCounts.get(request, session, version, [session.memberUuid, session.role, session.featureFlags], () =>
      readTaskCounts(session),
    );
  });

  const readTaskCounts = async (session: SessionContext) => {
    const may = (permission: Permission, flag: keyof SessionContext['featureFlags']) =>
      session.featureFlags[flag] && hasAnyPermission(session.permissions, [permission]);
    // Every count the member may see in one statement: the start page asks on every visit.
    const params: unknown[] = [session.memberUuid, session.clientUuid];
    // Built only when asked for: its parameters must be used by the statement.
    const actions = () => `(SELECT row_to_json(x) FROM (
        SELECT count(*) FILTER (WHERE ev.status = 'risksCreated')::int AS "riskActionDefine",
               count(*) FILTER (WHERE ev.status = 'actionsAgreed')::int AS "riskActionAgreed"
          ${EVALUATIONS_FROM} WHERE ${visibleEvaluations(session, params)}) x)`;
    const [row] = await db.query<{
      elearnings: DueCounts | null;
      risk_assessments: DueCounts | null;
      risk_actions: { riskActionDefine: number; riskActionAgreed: number } | null;
      my_risk_actions: { open: number; checkDue: number } | null;
      instructions: DueCounts | null;
    }>(
      `SELECT ${may('elearning.read-member-tasks', 'elearnings') ? ELEARNING_DUE_COUNTS_JSON : 'NULL::json'} AS elearnings,
              ${may('risk-assessment.read-member-tasks', 'riskAssessments') ? RISK_ASSESSMENT_DUE_COUNTS_JSON : 'NULL::json'}
                AS risk_assessments,
              ${may('risk-assessment.read-risk-action-list', 'riskAssessments') ? actions() : 'NULL::json'} AS risk_actions,
              ${may('risk-assessment.read-member-tasks', 'riskAssessments') ? MY_RISK_ACTION_COUNTS_JSON : 'NULL::json'} AS my_risk_actions,
              ${may('instruction.read-member-tasks', 'elearnings') ? INSTRUCTION_DUE_COUNTS_JSON : 'NULL::json'} AS instructions
         -- Both parameters typed here, whichever counts use them: a member who may see only some counts (a support
         -- adviser sees the risk actions alone) would otherwise send a parameter the statement never mentions.
         FROM (SELECT $1::uuid AS member_uuid, $2::uuid AS client_uuid) AS typed_parameters`,
      params,
    );
    return {
      elearnings: row?.elearnings ?? null,
      riskAssessments: row?.risk_assessments ?? null,
      riskActions: row?.risk_actions ?? null,
      myRiskActions: row?.my_risk_actions ?? null,
      instructions: row?.instructions ?? null,
    };
  };

  registerEndpoint(app, db, ENDPOINTS.startRiskActionTasks, async ({ body, session }) => {
    const params: unknown[] = [RISK_ACTION_STATUS[body.filter.status]];
    const where = `WHERE ev.status = $1 AND ${visibleEvaluations(session, params)}`;
    const { rows, total } = await readTablePage<{
      uuid: string;
      title: string;
      type: string;
      place: string;
      status: 'risksCreated' | 'actionsAgreed';
      due_date: string | null;
      completed_count: number;
      member_count: number;
      open_actions: number;
    }>(db, {
      select: `SELECT ev.uuid, c.title, c.type, coalesce(o.name, l.name, '') AS place, ev.status,
                      c.due_date::text AS due_date, ev.analysis_count AS completed_count,
                      (SELECT count(*) FROM risk_assessment_member_task t WHERE t.assignment_uuid = a.uuid)::int AS member_count,
                      (SELECT count(*) FROM risk_assessment_action x
                        WHERE x.evaluation_uuid = ev.uuid AND x.done_at IS NULL)::int AS open_actions
                 ${EVALUATIONS_FROM}
                 LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
                 LEFT JOIN location l ON l.uuid = a.location_uuid
                 ${where}`,
      count: `SELECT count(*)::int AS total ${EVALUATIONS_FROM} ${where}`,
      params,
      order: orderBy({ title: 'lower(c.title)', dueDate: 'c.due_date' }, body.sortBy, body.sortDirection, 'ev.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        type: row.type,
        place: row.place,
        status: row.status,
        dueDate: row.due_date,
        completedCount: row.completed_count,
        memberCount: row.member_count,
        openActionCount: row.open_actions,
      })),
      total,
    };
  });
}
