import { hasAnyPermission } from '@dash/shared-core';
import { ENDPOINTS, type RiskDetails } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import {
  ACTION_COLUMNS,
  ACTION_FROM,
  type ActionListRow,
  refreshRiskStatus,
  toAction,
  UNDECIDED_RISK,
} from '../actions';
import { evaluableAssignments, loadEvaluation, RISK_COLUMNS, type RiskRow, toRisk } from '../evaluation';
import { readAnswerEvidence } from '../evidence';
import { lockRisk } from '../lookups';

const RISK_SORT = {
  riskFactor: 'r.risk_factor',
  load: "r.load ->> 'de_DE'",
  status: 'r.status',
  hazardFactorGroup: 'r.hazard_factor_group',
};

type EvaluatedStatus = RiskDetails['evaluationStatus'];

/**
 * An evaluation's risks: the list, one risk with its actions, marking one not relevant, and where the risks and
 * actions stand (for "confirm all actions"). Scoped as the lists are (`evaluableAssignments`: the client's org units
 * and locations, an ou-admin's own units only); anything else answers 404 like a uuid that does not exist. They
 * answer aggregates and the actions' owners only, never who answered what (docs/risk-matrix.md "Anonymity").
 */
export function registerRiskRoutes(app: FastifyInstance, db: Database): void {
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

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentRiskDetails, async ({ body, session }) => {
    const params: unknown[] = [body.uuid];
    const [row] = await db.query<
      RiskRow & {
        evaluation_uuid: string;
        evaluation_status: EvaluatedStatus;
        matrix_version: string;
        assignment_uuid: string;
      }
    >(
      `SELECT ${RISK_COLUMNS}, ev.uuid AS evaluation_uuid, ev.status AS evaluation_status, r.matrix_version,
              ev.assignment_uuid
         FROM risk_assessment_risk r
         JOIN risk_assessment_evaluation ev ON ev.uuid = r.evaluation_uuid
         JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
        WHERE r.uuid = $1 AND ${evaluableAssignments(session, params)}`,
      params,
    );
    if (!row) throw new ApiHttpError(404, 'Risk.NotFound');
    const [actions, evidence] = await Promise.all([
      db.query<ActionListRow>(
        `SELECT ${ACTION_COLUMNS} ${ACTION_FROM} WHERE x.risk_uuid = $1 ORDER BY x.due_date, x.uuid`,
        [row.uuid],
      ),
      readAnswerEvidence(db, row.assignment_uuid, [row.question_key]),
    ]);
    return {
      ...toRisk(row),
      evaluationUuid: row.evaluation_uuid,
      evaluationStatus: row.evaluation_status,
      matrixVersion: row.matrix_version,
      actions: actions.map(toAction),
      evidence: evidence.get(row.question_key) ?? [],
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSetRiskNotRelevant, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const risk = await lockRisk(tx, session, body.uuid);
      if (risk.evaluation_status !== 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // A risk with actions is relevant by definition: the actions would have to go first.
      if (body.notRelevant && risk.action_count > 0) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      await tx.query(
        `UPDATE risk_assessment_risk SET not_relevant = $2, not_relevant_reason = CASE WHEN $2 THEN NULLIF($3, '') END
          WHERE uuid = $1`,
        [risk.uuid, body.notRelevant, body.reason ?? null],
      );
      await refreshRiskStatus(tx, risk.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.set-risk-not-relevant',
          entityType: 'risk-assessment',
          entityUuid: risk.task_uuid,
          before: { riskUuid: risk.uuid, notRelevant: risk.not_relevant },
          after: { riskUuid: risk.uuid, notRelevant: body.notRelevant, reason: body.reason ?? null },
        },
      ]);
      return { ok: true as const };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentRiskActionStatus, async ({ body, session }) => {
    const evaluation = await loadEvaluation(db, session, body.uuid);
    // "Undecided" is what confirm-risk-actions refuses on: above very low, not marked not relevant, no action.
    const [counts] = await db.query<{
      risk_count: number;
      open: number;
      define: number;
      defined: number;
      agreed: number;
      done: number;
      undecided: number;
      not_relevant: number;
      action_count: number;
      open_actions: number;
      overdue_actions: number;
      done_actions: number;
    }>(
      `SELECT risks.*, actions.*
         FROM (SELECT count(*)::int AS risk_count,
                      count(*) FILTER (WHERE r.status = 'open')::int AS open,
                      count(*) FILTER (WHERE r.status = 'riskActionDefine')::int AS define,
                      count(*) FILTER (WHERE r.status = 'riskActionDefined')::int AS defined,
                      count(*) FILTER (WHERE r.status = 'riskActionAgreed')::int AS agreed,
                      count(*) FILTER (WHERE r.status = 'done')::int AS done,
                      count(*) FILTER (WHERE ${UNDECIDED_RISK})::int AS undecided,
                      count(*) FILTER (WHERE r.not_relevant)::int AS not_relevant
                 FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1) risks,
              (SELECT count(*)::int AS action_count,
                      count(*) FILTER (WHERE x.done_at IS NULL)::int AS open_actions,
                      count(*) FILTER (WHERE x.done_at IS NULL AND x.due_date < current_date)::int AS overdue_actions,
                      count(*) FILTER (WHERE x.done_at IS NOT NULL)::int AS done_actions
                 FROM risk_assessment_action x WHERE x.evaluation_uuid = $1) actions`,
      [evaluation.uuid],
    );
    const undecided = counts?.undecided ?? 0;
    const mayConfirm = hasAnyPermission(session.permissions, ENDPOINTS.riskAssessmentConfirmRiskActions.permissions);
    return {
      uuid: evaluation.uuid,
      status: evaluation.status,
      riskCount: counts?.risk_count ?? 0,
      riskCounts: {
        open: counts?.open ?? 0,
        riskActionDefine: counts?.define ?? 0,
        riskActionDefined: counts?.defined ?? 0,
        riskActionAgreed: counts?.agreed ?? 0,
        done: counts?.done ?? 0,
      },
      undecidedRiskCount: undecided,
      notRelevantRiskCount: counts?.not_relevant ?? 0,
      actionCounts: {
        total: counts?.action_count ?? 0,
        open: counts?.open_actions ?? 0,
        overdue: counts?.overdue_actions ?? 0,
        done: counts?.done_actions ?? 0,
      },
      canConfirm: mayConfirm && evaluation.status === 'risksCreated' && undecided === 0,
    };
  });
}
