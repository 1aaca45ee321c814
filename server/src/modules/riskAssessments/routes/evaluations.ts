import { hasAnyPermission } from '@dash/shared-core';
import {
  ENDPOINTS,
  type EvaluationDetails,
  type EvaluationListItem,
  type LocalizedText,
  MIN_COMPLETED_ANALYSES,
} from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import type { SessionContext } from '../../../core/sessions/sessions';
import { readRiskVersion } from '../../../core/tasks/taskVersion';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { UNDECIDED_RISK } from '../actions';
import { evaluableAssignments, evaluateAssignment, loadEvaluation, readEvaluationInput } from '../evaluation';

const EVALUATION_SORT = {
  title: 'x.title',
  targetName: 'x.target_name',
  completedMemberCount: 'x.completed_member_count',
  status: 'x.status',
  dueDate: 'x.due_date',
};

/** The evaluation list, finishing the analysis phase, and the evaluation's header with its matrix. */
export function registerEvaluationRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the client's risk version (readRiskVersion): the counts read every analysis of every assignment.
  const evaluationLists = new KeptAnswers(ENDPOINTS.riskAssessmentEvaluationList);
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentEvaluationList, async ({ body, session, request }) =>
    evaluationLists.get(request, session, await readRiskVersion(db, session), body, () =>
      readEvaluationList(db, body, session),
    ),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentFinishAnalysis, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const params: unknown[] = [body.assignmentUuid];
      const [assignment] = await tx.query<{ uuid: string; task_uuid: string; evaluated: boolean }>(
        `SELECT a.uuid, a.task_uuid,
                EXISTS (SELECT 1 FROM risk_assessment_evaluation ev WHERE ev.assignment_uuid = a.uuid) AS evaluated
           FROM risk_assessment_assignment a WHERE a.uuid = $1 AND ${evaluableAssignments(session, params)}
            FOR UPDATE OF a`,
        params,
      );
      if (!assignment) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
      if (assignment.evaluated) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // The completed analyses and the answers' tally in one read, after the lock.
      const evaluationInput = await readEvaluationInput(tx, assignment.uuid);
      const { completed } = evaluationInput;
      if (completed < MIN_COMPLETED_ANALYSES) throw new ApiHttpError(400, 'Task.NotEnoughCompletedMemberTasks');
      const { evaluationUuid, riskCount, closedCount } = await evaluateAssignment(tx, {
        clientUuid: session.clientUuid,
        taskUuid: assignment.task_uuid,
        assignmentUuid: assignment.uuid,
        analysisCount: completed,
        read: evaluationInput,
        finishedBy: session.memberUuid,
      });
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.finish-analysis',
          entityType: 'risk-assessment',
          entityUuid: assignment.task_uuid,
          after: {
            evaluationUuid,
            assignmentUuid: assignment.uuid,
            analysisCount: completed,
            riskCount,
          },
        },
      ]);
      return { uuid: evaluationUuid, riskCount, closedCount };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentEvaluationDetails, async ({ body, session }) => {
    const evaluation = await loadEvaluation(db, session, body.uuid);
    const [head] = await db.query<{
      task_uuid: string;
      title: string;
      type_title: LocalizedText;
      kind: EvaluationDetails['kind'];
      target_kind: EvaluationDetails['targetKind'];
      target_name: string;
      status: EvaluationDetails['status'];
      analysis_count: number;
      assigned_member_count: number;
      matrix_version: string;
      finished_at: unknown;
      agreed_at: unknown;
      done_at: unknown;
      risk_count: number;
      undecided_risk_count: number;
      action_count: number;
      done_action_count: number;
      reopened_risk_count: number;
      checks: EvaluationDetails['checks'];
      approved_at: unknown;
      approved_by_name: string | null;
      approval_comment: string | null;
      round: number;
      previous_evaluation_uuid: string | null;
      superseded: boolean;
      next_evaluation_uuid: string | null;
    }>(
      `SELECT ev.task_uuid, t.title, ty.title AS type_title, ty.kind, a.kind AS target_kind,
              COALESCE(o.name, l.name) AS target_name, ev.status, ev.analysis_count, ev.matrix_version,
              ev.finished_at, ev.agreed_at, ev.done_at,
              (SELECT count(*)::int FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = a.uuid) AS assigned_member_count,
              (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid) AS risk_count,
              (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid AND ${UNDECIDED_RISK})
                AS undecided_risk_count,
              (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid AND r.reopened_at IS NOT NULL)
                AS reopened_risk_count,
              (SELECT row_to_json(c) FROM (
                 SELECT count(*) FILTER (WHERE x.done_at IS NOT NULL AND x.checked_at IS NULL)::int AS due,
                        count(*) FILTER (WHERE x.effectiveness = 'effective')::int AS effective,
                        count(*) FILTER (WHERE x.effectiveness = 'partly')::int AS partly,
                        count(*) FILTER (WHERE x.effectiveness = 'notEffective')::int AS "notEffective"
                   FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid) c) AS checks,
              ev.approved_at, ev.approved_by_name, ev.approval_comment, ev.round, ev.previous_evaluation_uuid,
              ev.superseded_at IS NOT NULL AS superseded,
              (SELECT n.uuid FROM risk_assessment_evaluation n WHERE n.previous_evaluation_uuid = ev.uuid) AS next_evaluation_uuid,
              (SELECT count(*)::int FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid) AS action_count,
              (SELECT count(*)::int FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid AND x.done_at IS NOT NULL) AS done_action_count
         FROM risk_assessment_evaluation ev
         JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
         JOIN risk_assessment_task t ON t.uuid = ev.task_uuid
         JOIN risk_assessment_type ty ON ty.identifier = t.type
         LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
         LEFT JOIN location l ON l.uuid = a.location_uuid
        WHERE ev.uuid = $1`,
      [evaluation.uuid],
    );
    if (!head) throw new ApiHttpError(404, 'Risk.NotFound');
    const mayChange = hasAnyPermission(session.permissions, ['risk-assessment.change-risk-actions']);
    // Inspections name who assessed (§6 ArbSchG); a survey's results hold no name, so nothing can be listed.
    const assessors =
      head.kind === 'inspection'
        ? await db.query<{ name: string; assessed_at: unknown }>(
            `SELECT assessed_by_name AS name, assessed_at FROM risk_assessment_result
              WHERE assignment_uuid = $1 AND kind = 'inspection' ORDER BY assessed_at, assessed_by_name`,
            [evaluation.assignment_uuid],
          )
        : [];
    const matrix = await db.query<{ probability: number; severity: number; count: number }>(
      `SELECT probability, severity, count(*)::int AS count FROM risk_assessment_risk WHERE evaluation_uuid = $1
        GROUP BY probability, severity ORDER BY probability, severity`,
      [evaluation.uuid],
    );
    return {
      uuid: evaluation.uuid,
      taskUuid: head.task_uuid,
      title: head.title,
      typeTitle: head.type_title,
      kind: head.kind,
      targetKind: head.target_kind,
      targetName: head.target_name,
      status: head.status,
      analysisCount: head.analysis_count,
      assignedMemberCount: head.assigned_member_count,
      matrixVersion: head.matrix_version,
      finishedAt: iso(head.finished_at) ?? '',
      agreedAt: iso(head.agreed_at),
      doneAt: iso(head.done_at),
      assessors: assessors.map((row) => ({ name: row.name, assessedAt: iso(row.assessed_at) ?? '' })),
      matrix,
      riskCount: head.risk_count,
      undecidedRiskCount: head.undecided_risk_count,
      actionCount: head.action_count,
      doneActionCount: head.done_action_count,
      checks: head.checks,
      reopenedRiskCount: head.reopened_risk_count,
      approval:
        head.approved_at === null
          ? null
          : {
              approvedAt: iso(head.approved_at) ?? '',
              approvedByName: head.approved_by_name ?? '',
              comment: head.approval_comment,
            },
      round: head.round,
      previousEvaluationUuid: head.previous_evaluation_uuid,
      nextEvaluationUuid: head.next_evaluation_uuid,
      canApprove: mayChange && head.status !== 'risksCreated' && head.approved_at === null && !head.superseded,
      canStartRound: mayChange && head.approved_at !== null && !head.superseded,
    };
  });
}

async function readEvaluationList(
  db: Database,
  body: z.output<typeof ENDPOINTS.riskAssessmentEvaluationList.request>,
  session: SessionContext,
) {
  const params: unknown[] = [];
  const condition = evaluableAssignments(session, params);
  const outer: string[] = ['TRUE'];
  if (body.filter.search) {
    params.push(likePattern(body.filter.search));
    outer.push(`(x.title ILIKE $${params.length} OR x.target_name ILIKE $${params.length})`);
  }
  if (body.filter.status) {
    params.push(body.filter.status);
    outer.push(`x.status = $${params.length}`);
  }
  const inner = `SELECT a.uuid AS assignment_uuid, ev.uuid AS evaluation_uuid, t.uuid AS task_uuid, t.title,
                        ty.title AS type_title, ty.kind, a.kind AS target_kind, COALESCE(o.name, l.name) AS target_name,
                        t.due_date::text AS due_date, COALESCE(ev.status, 'analysing') AS status,
                        counts.assigned_member_count, counts.completed_member_count
                   FROM risk_assessment_assignment a
                   JOIN risk_assessment_task t ON t.uuid = a.task_uuid
                   JOIN risk_assessment_type ty ON ty.identifier = t.type
                   LEFT JOIN risk_assessment_evaluation ev ON ev.assignment_uuid = a.uuid AND ev.superseded_at IS NULL
                   LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
                   LEFT JOIN location l ON l.uuid = a.location_uuid
                   CROSS JOIN LATERAL (
                     SELECT count(*)::int AS assigned_member_count,
                            count(*) FILTER (WHERE mt.completed_at IS NOT NULL)::int AS completed_member_count
                       FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = a.uuid) counts
                  WHERE ${condition}`;
  const { rows, total } = await readTablePage<{
    assignment_uuid: string;
    evaluation_uuid: string | null;
    task_uuid: string;
    title: string;
    type_title: LocalizedText;
    kind: EvaluationListItem['kind'];
    target_kind: EvaluationListItem['targetKind'];
    target_name: string;
    due_date: string | null;
    status: EvaluationListItem['status'];
    assigned_member_count: number;
    completed_member_count: number;
  }>(db, {
    select: `SELECT * FROM (${inner}) x WHERE ${outer.join(' AND ')}`,
    count: `SELECT count(*)::int AS total FROM (${inner}) x WHERE ${outer.join(' AND ')}`,
    params,
    order: orderBy(EVALUATION_SORT, body.sortBy, body.sortDirection, 'x.assignment_uuid'),
    page: body.page,
    perPage: body.perPage,
  });
  return {
    items: rows.map((row) => ({
      assignmentUuid: row.assignment_uuid,
      evaluationUuid: row.evaluation_uuid,
      taskUuid: row.task_uuid,
      title: row.title,
      typeTitle: row.type_title,
      kind: row.kind,
      targetKind: row.target_kind,
      targetName: row.target_name,
      dueDate: row.due_date,
      assignedMemberCount: row.assigned_member_count,
      completedMemberCount: row.completed_member_count,
      status: row.status,
    })),
    total,
  };
}
