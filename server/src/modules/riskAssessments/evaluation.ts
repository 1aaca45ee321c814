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
  round: number;
  /** Signed off: read-only (docs/risk-assessment-follow-up.md). */
  approved: boolean;
  /** A newer round started from it: history. */
  superseded: boolean;
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
    `SELECT ev.uuid, ev.task_uuid, ev.assignment_uuid, ev.status, ev.round, ev.approved_at IS NOT NULL AS approved,
            ev.superseded_at IS NOT NULL AS superseded
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
  reopened: boolean;
  evidence_count: number;
}

const levelOf = (factor: number) => riskLevelOf(factor)?.level ?? 'veryLow';

/** A risk's columns (alias `r`) as the risk list and a risk's details answer them. */
export const RISK_COLUMNS = `r.uuid, r.question_key, r.load, r.hazard_factor_group, r.source, r.target, r.measures,
       r.probability, r.severity, r.risk_factor, r.status, r.not_relevant, r.not_relevant_reason,
       (SELECT count(*)::int FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AS action_count,
       (SELECT array_agg(x.measure_index ORDER BY x.measure_index) FROM risk_assessment_action x
         WHERE x.risk_uuid = r.uuid AND x.origin = 'proposed') AS taken_measures, r.reopened_at IS NOT NULL AS reopened,
       (SELECT count(ra.note)::int + coalesce(sum((SELECT count(*) FROM risk_assessment_evidence_photo p
                  WHERE p.execution_uuid = res.execution_uuid AND p.question_key = r.question_key)), 0)::int
          FROM risk_assessment_result res
          LEFT JOIN risk_assessment_result_answer ra ON ra.result_uuid = res.uuid AND ra.question_key = r.question_key
         WHERE res.kind = 'inspection'
           AND res.assignment_uuid = (SELECT ev.assignment_uuid FROM risk_assessment_evaluation ev
                                       WHERE ev.uuid = r.evaluation_uuid)) AS evidence_count`;

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
    reopened: row.reopened,
    evidenceCount: row.evidence_count,
  };
}

/** One question's answers of an assignment, as `risk_assessment_answer_tally` keeps them (migration 018). */
export interface AnswerTallyRow {
  question_key: string;
  hazard_factor_group: string;
  analysis_count: number;
  affected_count: number;
  weight_sum: number;
}

/**
 * What finishing an assignment reads, in one statement: its completed analyses and its answers' aggregates per
 * question (kept up to date as analyses complete, so ~60 rows instead of every answer of the unit). Read after the
 * assignment's row lock, so a completion that committed before it counts.
 */
export async function readEvaluationInput(
  tx: Queryable,
  assignmentUuid: string,
): Promise<{ completed: number; open: number; tally: AnswerTallyRow[] }> {
  const rows = await tx.query<
    { completed: number; open: number } & { [Key in keyof AnswerTallyRow]: AnswerTallyRow[Key] | null }
  >(
    `SELECT c.completed, c.open, t.question_key, t.hazard_factor_group, t.analysis_count, t.affected_count,
            t.weight_sum
       FROM (SELECT count(*) FILTER (WHERE completed_at IS NOT NULL)::int AS completed,
                    count(*) FILTER (WHERE completed_at IS NULL AND closed_at IS NULL)::int AS open
               FROM risk_assessment_member_task WHERE assignment_uuid = $1) c
       LEFT JOIN risk_assessment_answer_tally t ON t.assignment_uuid = $1`,
    [assignmentUuid],
  );
  const tally: AnswerTallyRow[] = [];
  for (const row of rows) {
    if (row.question_key === null || row.hazard_factor_group === null) continue;
    tally.push({
      question_key: row.question_key,
      hazard_factor_group: row.hazard_factor_group,
      analysis_count: row.analysis_count ?? 0,
      affected_count: row.affected_count ?? 0,
      weight_sum: row.weight_sum ?? 0,
    });
  }
  return { completed: rows[0]?.completed ?? 0, open: rows[0]?.open ?? 0, tally };
}

/**
 * Ends the analysis phase of one assignment (the caller checked scope, status and the 6 completed analyses):
 * the evaluation row, the risks scored from the answers aggregated in SQL, the open analyses closed and unlocked.
 * All of it is written by one statement (one round trip; finish-analysis had nine before). `read` is the
 * caller's readEvaluationInput, read when missing. Its count of open analyses spares the closing when there are none
 * (the bench's case, and any unit whose members all answered): the planner read every open analysis of every client
 * to find none. It stays exact: the caller holds the assignment's row lock (FOR UPDATE), which keeps new analyses of
 * the assignment out (their foreign key takes KEY SHARE on it), and no analysis is ever reopened. Also used by the
 * demo seed.
 */
export async function evaluateAssignment(
  tx: Queryable,
  input: {
    clientUuid: string;
    taskUuid: string;
    assignmentUuid: string;
    analysisCount: number;
    finishedBy: string | null;
    read?: { open: number; tally: AnswerTallyRow[] };
  },
): Promise<{ evaluationUuid: string; riskCount: number; closedCount: number }> {
  const { open, tally: aggregates } = input.read ?? (await readEvaluationInput(tx, input.assignmentUuid));
  // Scored here, from the one risk matrix of riskMatrix.ts; only the questions that show a hazard become risks.
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
  // Every part of a data-modifying WITH runs to completion whether or not the final SELECT reads it. The risks copy
  // their content from the tally; the phase ends for everybody: analyses still open close (their members see so),
  // locks go.
  const [written] = await tx.query<{ uuid: string | null; closed_count: number }>(
    `WITH evaluation AS (
       INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, analysis_count, matrix_version,
                                               finished_by_member_uuid)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid),
     risks AS (
       INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group,
                                         load, source, target, measures, probability, severity, risk_factor,
                                         matrix_version, status)
         SELECT $1, e.uuid, x.question_key, c.group_key, c.hazard_factor_group, c.load, c.source, c.target, c.measures,
                x.probability, x.severity, x.risk_factor, $5, x.status
           FROM evaluation e
          CROSS JOIN jsonb_to_recordset($7::jsonb)
             AS x(question_key text, probability int, severity int, risk_factor int, status text)
           JOIN risk_assessment_answer_tally c ON c.assignment_uuid = $3 AND c.question_key = x.question_key),
     closed AS (
       UPDATE risk_assessment_member_task SET closed_at = now()
        WHERE $8::int > 0 AND assignment_uuid = $3 AND completed_at IS NULL AND closed_at IS NULL RETURNING uuid),
     unlocked AS (
       UPDATE risk_assessment_execution SET lock_token = NULL, locked_by_member_uuid = NULL, locked_until = NULL
        WHERE assignment_uuid = $3 AND completed_at IS NULL)
     SELECT (SELECT uuid FROM evaluation) AS uuid, (SELECT count(*)::int FROM closed) AS closed_count`,
    [
      input.clientUuid,
      input.taskUuid,
      input.assignmentUuid,
      input.analysisCount,
      MATRIX_VERSION,
      input.finishedBy,
      JSON.stringify(risks),
      open,
    ],
  );
  if (!written?.uuid) throw new Error('evaluation not created');
  return { evaluationUuid: written.uuid, riskCount: risks.length, closedCount: written.closed_count };
}
