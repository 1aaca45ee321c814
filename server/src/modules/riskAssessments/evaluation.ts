import { riskFactor as riskLevelOf } from '@dash/shared-core';
import {
  ENDPOINTS,
  type EvaluationDetails,
  type EvaluationListItem,
  type LocalizedText,
  MIN_COMPLETED_ANALYSES,
  type Risk,
} from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database, Queryable } from '../../core/db/database';
import { iso, likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { readRiskVersion } from '../../core/tasks/taskVersion';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { MATRIX_VERSION, scoreRisk } from './riskMatrix';

/**
 * Which assignments (alias `a`) the session may evaluate: the client's org units and locations; an ou-admin only
 * the org units he administers. Single-member assignments are never evaluated: one person's answers are no group.
 */
export function evaluableAssignments(session: SessionContext, params: unknown[], alias = 'a'): string {
  params.push(session.clientUuid);
  let condition = `${alias}.client_uuid = $${params.length} AND ${alias}.kind IN ('org-unit', 'location')`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND ${alias}.kind = 'org-unit' AND EXISTS (SELECT 1 FROM org_unit_admin oa
                     WHERE oa.org_unit_uuid = ${alias}.org_unit_uuid AND oa.member_uuid = $${params.length})`;
  }
  return condition;
}

export interface EvaluationRow {
  uuid: string;
  task_uuid: string;
  assignment_uuid: string;
  status: 'risksCreated' | 'actionsAgreed' | 'done';
}

/** An evaluation the session may see (another client's answers like an unknown one); `forUpdate` serialises changes. */
export async function loadEvaluation(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
  forUpdate = false,
): Promise<EvaluationRow> {
  const params: unknown[] = [uuid];
  const [row] = await tx.query<EvaluationRow>(
    `SELECT ev.uuid, ev.task_uuid, ev.assignment_uuid, ev.status
       FROM risk_assessment_evaluation ev JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
      WHERE ev.uuid = $1 AND ${evaluableAssignments(session, params)} ${forUpdate ? 'FOR UPDATE OF ev' : ''}`,
    params,
  );
  if (!row) throw new ApiHttpError(404, 'Risk.NotFound');
  return row;
}

const EVALUATION_SORT = {
  title: 'x.title',
  targetName: 'x.target_name',
  completedMemberCount: 'x.completed_member_count',
  status: 'x.status',
  dueDate: 'x.due_date',
};
const RISK_SORT = {
  riskFactor: 'r.risk_factor',
  load: "r.load ->> 'de_DE'",
  status: 'r.status',
  hazardFactorGroup: 'r.hazard_factor_group',
};

export interface RiskRow {
  uuid: string;
  question_key: string;
  load: LocalizedText;
  hazard_factor_group: string;
  source: LocalizedText;
  target: LocalizedText;
  measures: Risk['measures'];
  probability: number;
  severity: number;
  risk_factor: number;
  status: Risk['status'];
  not_relevant: boolean;
  not_relevant_reason: string | null;
  action_count: number;
  taken_measures: number[] | null;
}

const levelOf = (factor: number) => riskLevelOf(factor)?.level ?? 'veryLow';

/** A risk's columns (alias `r`) as the risk list and a risk's details answer them. */
export const RISK_COLUMNS = `r.uuid, r.question_key, r.load, r.hazard_factor_group, r.source, r.target, r.measures,
       r.probability, r.severity, r.risk_factor, r.status, r.not_relevant, r.not_relevant_reason,
       (SELECT count(*)::int FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AS action_count,
       (SELECT array_agg(x.measure_index ORDER BY x.measure_index) FROM risk_assessment_action x
         WHERE x.risk_uuid = r.uuid AND x.origin = 'proposed') AS taken_measures`;

export function toRisk(row: RiskRow): Risk {
  return {
    uuid: row.uuid,
    questionKey: row.question_key,
    load: row.load,
    hazardFactorGroup: row.hazard_factor_group,
    source: row.source,
    target: row.target,
    measures: row.measures,
    probability: row.probability,
    severity: row.severity,
    riskFactor: row.risk_factor,
    level: levelOf(row.risk_factor),
    status: row.status,
    notRelevant: row.not_relevant,
    notRelevantReason: row.not_relevant_reason,
    actionCount: row.action_count,
    takenMeasures: row.taken_measures ?? [],
  };
}

/**
 * Ends the analysis phase of one assignment (the caller checked scope, status and the 6 completed analyses):
 * the evaluation row, the risks scored from the answers aggregated in SQL, the open analyses closed and unlocked.
 * Also used by the demo seed.
 */
export async function evaluateAssignment(
  tx: Queryable,
  input: {
    clientUuid: string;
    taskUuid: string;
    assignmentUuid: string;
    analysisCount: number;
    finishedBy: string | null;
  },
): Promise<{ evaluationUuid: string; riskCount: number; closedCount: number }> {
  const [evaluation] = await tx.query<{ uuid: string }>(
    `INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, analysis_count, matrix_version,
                                               finished_by_member_uuid)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid`,
    [input.clientUuid, input.taskUuid, input.assignmentUuid, input.analysisCount, MATRIX_VERSION, input.finishedBy],
  );
  if (!evaluation) throw new Error('evaluation not created');
  // The answers' aggregates per question are kept up to date as analyses complete (risk_assessment_answer_tally,
  // migration 018): finishing reads ~60 rows instead of every answer of the unit. Only those are scored here.
  const aggregates = await tx.query<{
    question_key: string;
    hazard_factor_group: string;
    analysis_count: number;
    affected_count: number;
    weight_sum: number;
  }>(
    `SELECT question_key, hazard_factor_group, analysis_count, affected_count, weight_sum
       FROM risk_assessment_answer_tally WHERE assignment_uuid = $1`,
    [input.assignmentUuid],
  );
  const risks = aggregates.flatMap((row) => {
    const score = scoreRisk({
      hazardFactorGroup: row.hazard_factor_group,
      analysisCount: row.analysis_count,
      affectedCount: row.affected_count,
      weightSum: row.weight_sum,
    });
    if (!score) return [];
    return [
      {
        question_key: row.question_key,
        probability: score.probability,
        severity: score.severity,
        risk_factor: score.riskFactor,
        status: score.riskFactor <= 2 ? 'open' : 'riskActionDefine',
      },
    ];
  });
  if (risks.length > 0) {
    await tx.query(
      `INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group,
                                           load, source, target, measures, probability, severity, risk_factor,
                                           matrix_version, status)
         SELECT $1, $2, x.question_key, c.group_key, c.hazard_factor_group, c.load, c.source, c.target, c.measures,
                x.probability, x.severity, x.risk_factor, $5, x.status
           FROM jsonb_to_recordset($3::jsonb)
             AS x(question_key text, probability int, severity int, risk_factor int, status text)
           JOIN risk_assessment_answer_tally c ON c.assignment_uuid = $4 AND c.question_key = x.question_key`,
      [input.clientUuid, evaluation.uuid, JSON.stringify(risks), input.assignmentUuid, MATRIX_VERSION],
    );
  }
  // The phase ends for everybody: analyses still open close (their members see so), locks go.
  const closed = await tx.query<{ uuid: string }>(
    `UPDATE risk_assessment_member_task SET closed_at = now()
        WHERE assignment_uuid = $1 AND completed_at IS NULL AND closed_at IS NULL RETURNING uuid`,
    [input.assignmentUuid],
  );
  await tx.query(
    `UPDATE risk_assessment_execution SET lock_token = NULL, locked_by_member_uuid = NULL, locked_until = NULL
        WHERE assignment_uuid = $1 AND completed_at IS NULL`,
    [input.assignmentUuid],
  );
  return { evaluationUuid: evaluation.uuid, riskCount: risks.length, closedCount: closed.length };
}

/** The evaluation list, finishing the analysis phase, the evaluation's header with its matrix, and its risks. */
export function registerEvaluationRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the client's risk version (readRiskVersion): the counts read every analysis of every assignment.
  const evaluationLists = new KeptAnswers(ENDPOINTS.riskAssessmentEvaluationList);
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentEvaluationList, async ({ body, session, request }) =>
    evaluationLists.get(request, session, await readRiskVersion(db, session), body, () =>
      readEvaluationList(body, session),
    ),
  );

  const readEvaluationList = async (
    body: z.output<typeof ENDPOINTS.riskAssessmentEvaluationList.request>,
    session: SessionContext,
  ) => {
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
                     LEFT JOIN risk_assessment_evaluation ev ON ev.assignment_uuid = a.uuid
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
  };

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
      const [counts] = await tx.query<{ completed: number }>(
        `SELECT count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed
           FROM risk_assessment_member_task WHERE assignment_uuid = $1`,
        [assignment.uuid],
      );
      const completed = counts?.completed ?? 0;
      if (completed < MIN_COMPLETED_ANALYSES) throw new ApiHttpError(400, 'Task.NotEnoughCompletedMemberTasks');
      const { evaluationUuid, riskCount, closedCount } = await evaluateAssignment(tx, {
        clientUuid: session.clientUuid,
        taskUuid: assignment.task_uuid,
        assignmentUuid: assignment.uuid,
        analysisCount: completed,
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
    }>(
      `SELECT ev.task_uuid, t.title, ty.title AS type_title, ty.kind, a.kind AS target_kind,
              COALESCE(o.name, l.name) AS target_name, ev.status, ev.analysis_count, ev.matrix_version,
              ev.finished_at, ev.agreed_at, ev.done_at,
              (SELECT count(*)::int FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = a.uuid) AS assigned_member_count,
              (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid) AS risk_count,
              (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid AND r.risk_factor > 2
                  AND NOT r.not_relevant
                  AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)) AS undecided_risk_count,
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
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentRiskList, async ({ body, session }) => {
    const evaluation = await loadEvaluation(db, session, body.uuid);
    const params: unknown[] = [evaluation.uuid];
    const conditions = ['r.evaluation_uuid = $1'];
    for (const [column, value] of [
      ['r.probability', body.filter.probability],
      ['r.severity', body.filter.severity],
      ['r.status', body.filter.status],
    ] as const) {
      if (value === undefined) continue;
      params.push(value);
      conditions.push(`${column} = $${params.length}`);
    }
    const where = conditions.join(' AND ');
    const { rows, total } = await readTablePage<RiskRow>(db, {
      select: `SELECT ${RISK_COLUMNS} FROM risk_assessment_risk r WHERE ${where}`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_risk r WHERE ${where}`,
      params,
      order: orderBy(RISK_SORT, body.sortBy, body.sortDirection, 'r.question_key'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toRisk), total };
  });
}
