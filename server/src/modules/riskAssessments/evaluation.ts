import { riskFactor as riskLevelOf } from '@dash/shared-core';
import type { LocalizedText, Risk } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
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
