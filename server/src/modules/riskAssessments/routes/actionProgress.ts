import { EFFECTIVENESS_CHECK_AFTER_DAYS, ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { UNDECIDED_RISK } from '../actions';
import { loadEvaluation } from '../evaluation';
import { lockFollowUpAction, refreshEvaluationProgress } from '../followUp';
import { today } from '../lookups';

/**
 * The status machines past the definition (docs/risk-matrix.md): confirming needs every risk above "very low"
 * decided and moves to actionsAgreed; marking every agreed action done ends in done (the responsible member may mark
 * his own; its effectiveness check falls due EFFECTIVENESS_CHECK_AFTER_DAYS later). Any other move answers 409
 * Risk.InvalidStatus and changes nothing.
 */
export function registerActionProgressRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentConfirmRiskActions, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const evaluation = await loadEvaluation(tx, session, body.uuid, true);
      if (evaluation.status !== 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      const [open] = await tx.query<{ undecided: number; open_actions: number }>(
        `SELECT (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1 AND ${UNDECIDED_RISK}) AS undecided,
                (SELECT count(*)::int FROM risk_assessment_action x WHERE x.evaluation_uuid = $1 AND x.done_at IS NULL)
                  AS open_actions`,
        [evaluation.uuid],
      );
      if ((open?.undecided ?? 0) > 0) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // Risks with open actions are agreed; the rest (not relevant, very low without action, and in a later round
      // those whose actions are all done) need nothing more.
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x
                  WHERE x.risk_uuid = r.uuid AND x.done_at IS NULL) THEN 'riskActionAgreed' ELSE 'done' END
          WHERE r.evaluation_uuid = $1`,
        [evaluation.uuid],
      );
      const status = (open?.open_actions ?? 0) === 0 ? 'done' : 'actionsAgreed';
      await tx.query(
        `UPDATE risk_assessment_evaluation SET status = $2, agreed_at = now(), agreed_by_member_uuid = $3,
                done_at = CASE WHEN $2 = 'done' THEN now() END WHERE uuid = $1`,
        [evaluation.uuid, status, session.memberUuid],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.confirm-risk-actions',
          entityType: 'risk-assessment',
          entityUuid: evaluation.task_uuid,
          before: { evaluationUuid: evaluation.uuid, status: evaluation.status },
          after: { evaluationUuid: evaluation.uuid, status },
        },
      ]);
      return { status };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCompleteRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const action = await lockFollowUpAction(tx, session, body.uuid);
      // Only agreed actions of the current round are carried out; a done one stays as it was recorded.
      if (action.superseded) throw new ApiHttpError(409, 'Evaluation.Superseded');
      if (action.evaluation_status !== 'actionsAgreed' || action.done_at !== null) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.doneAt > (await today(tx))) throw new ApiHttpError(400, 'Action.InvalidDueDate');
      await tx.query(
        `UPDATE risk_assessment_action SET done_at = $2, done_by_member_uuid = $3, updated_at = now(),
                done_by_name = (SELECT first_name || ' ' || last_name FROM member WHERE uuid = $3),
                check_due_date = $2::date + $4::int
          WHERE uuid = $1`,
        [action.uuid, body.doneAt, session.memberUuid, EFFECTIVENESS_CHECK_AFTER_DAYS],
      );
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = 'done' WHERE r.uuid = $1
            AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid AND x.done_at IS NULL)`,
        [action.risk_uuid],
      );
      const status = await refreshEvaluationProgress(tx, action.evaluation_uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.complete-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: action.responsible_member_uuid,
          after: { actionUuid: action.uuid, doneAt: body.doneAt, evaluationStatus: status },
        },
      ]);
      return { status };
    }),
  );
}
