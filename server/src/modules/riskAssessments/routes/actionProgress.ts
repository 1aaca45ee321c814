import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { evaluableAssignments, loadEvaluation } from '../evaluation';
import { today } from '../lookups';

/**
 * The status machines past the definition (docs/risk-matrix.md): confirming needs every risk above "very low"
 * decided and moves to actionsAgreed; marking every agreed action done ends in done. Any other move answers 409
 * Risk.InvalidStatus and changes nothing.
 */
export function registerActionProgressRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentConfirmRiskActions, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const evaluation = await loadEvaluation(tx, session, body.uuid, true);
      if (evaluation.status !== 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      const [open] = await tx.query<{ undecided: number; actions: number }>(
        `SELECT (SELECT count(*)::int FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1 AND r.risk_factor > 2
                   AND NOT r.not_relevant AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)) AS undecided,
                (SELECT count(*)::int FROM risk_assessment_action x WHERE x.evaluation_uuid = $1) AS actions`,
        [evaluation.uuid],
      );
      if ((open?.undecided ?? 0) > 0) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      // Risks with actions are agreed; the rest (not relevant, very low without action) need nothing more.
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x
                  WHERE x.risk_uuid = r.uuid) THEN 'riskActionAgreed' ELSE 'done' END
          WHERE r.evaluation_uuid = $1`,
        [evaluation.uuid],
      );
      const status = (open?.actions ?? 0) === 0 ? 'done' : 'actionsAgreed';
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
      const params: unknown[] = [body.uuid];
      const [action] = await tx.query<{
        uuid: string;
        risk_uuid: string;
        evaluation_uuid: string;
        task_uuid: string;
        evaluation_status: string;
        done_at: string | null;
        responsible_member_uuid: string;
      }>(
        `SELECT x.uuid, x.risk_uuid, x.evaluation_uuid, ev.task_uuid, ev.status AS evaluation_status,
                x.done_at::text AS done_at, x.responsible_member_uuid
           FROM risk_assessment_action x
           JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
           JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
          WHERE x.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, x`,
        params,
      );
      if (!action) throw new ApiHttpError(404, 'Action.NotFound');
      // Only agreed actions are carried out; a done one stays as it was recorded.
      if (action.evaluation_status !== 'actionsAgreed' || action.done_at !== null) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.doneAt > (await today(tx))) throw new ApiHttpError(400, 'Action.InvalidDueDate');
      await tx.query(
        `UPDATE risk_assessment_action SET done_at = $2, done_by_member_uuid = $3, updated_at = now(),
                done_by_name = (SELECT first_name || ' ' || last_name FROM member WHERE uuid = $3)
          WHERE uuid = $1`,
        [action.uuid, body.doneAt, session.memberUuid],
      );
      await tx.query(
        `UPDATE risk_assessment_risk r SET status = 'done' WHERE r.uuid = $1
            AND NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid AND x.done_at IS NULL)`,
        [action.risk_uuid],
      );
      const [evaluation] = await tx.query<{ status: 'actionsAgreed' | 'done' }>(
        `UPDATE risk_assessment_evaluation ev
            SET status = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid
                                            AND x.done_at IS NULL) THEN 'actionsAgreed' ELSE 'done' END,
                done_at = CASE WHEN EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid
                                            AND x.done_at IS NULL) THEN NULL ELSE now() END
          WHERE ev.uuid = $1 RETURNING ev.status`,
        [action.evaluation_uuid],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.complete-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: action.responsible_member_uuid,
          after: { actionUuid: action.uuid, doneAt: body.doneAt, evaluationStatus: evaluation?.status },
        },
      ]);
      return { status: evaluation?.status ?? 'actionsAgreed' };
    }),
  );
}
