import { ENDPOINTS, type LocalizedText } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { refreshRiskStatus } from '../actions';
import { evaluableAssignments } from '../evaluation';
import { lockRisk, today } from '../lookups';

/**
 * A new action for a reopened risk of an agreed evaluation is agreed at once: the risk is no longer reopened and
 * has an open action again, so the evaluation (done before, perhaps) is back at actionsAgreed.
 */
async function agreeReopenedRisk(tx: Queryable, riskUuid: string, evaluationUuid: string): Promise<void> {
  await tx.query(`UPDATE risk_assessment_risk SET reopened_at = NULL, status = 'riskActionAgreed' WHERE uuid = $1`, [
    riskUuid,
  ]);
  await tx.query(`UPDATE risk_assessment_evaluation SET status = 'actionsAgreed', done_at = NULL WHERE uuid = $1`, [
    evaluationUuid,
  ]);
}

/** The responsible member must be an active member of the client (an archived or another client's is unknown). */
async function assertResponsible(tx: Queryable, session: SessionContext, memberUuid: string): Promise<void> {
  const [row] = await tx.query<{ uuid: string }>(
    `SELECT uuid FROM member WHERE uuid = $1 AND client_uuid = $2 AND archived_at IS NULL AND deleted_at IS NULL`,
    [memberUuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
}

/**
 * Defining follow-up actions while the evaluation is risksCreated (docs/risk-matrix.md): a new action for a risk,
 * and a change of one (a new owner, a later date). A move the status machine does not allow answers 409
 * Risk.InvalidStatus and changes nothing.
 */
export function registerActionRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCreateRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const risk = await lockRisk(tx, session, body.riskUuid);
      // While the actions are defined; after that only for a risk a "not effective" check reopened, where the new
      // action is agreed at once (docs/risk-assessment-follow-up.md). A signed-off evaluation takes none: a new round.
      const afterAgreement = risk.evaluation_status !== 'risksCreated';
      if (afterAgreement && risk.approved) throw new ApiHttpError(409, 'Evaluation.Approved');
      if ((afterAgreement && !risk.reopened) || risk.not_relevant) throw new ApiHttpError(409, 'Risk.InvalidStatus');
      if (body.dueDate < (await today(tx))) throw new ApiHttpError(400, 'Action.InvalidDueDate');
      await assertResponsible(tx, session, body.responsibleMemberUuid);
      let description: LocalizedText;
      let measureIndex: number | null = null;
      if (body.origin === 'proposed') {
        const measure = risk.measures[body.measureIndex];
        if (!measure) throw new ApiHttpError(400, 'Schema.ValidationFailed');
        description = measure.text;
        measureIndex = body.measureIndex;
      } else {
        description = { de_DE: body.description, en_GB: body.description };
      }
      const [created] = await tx.query<{ uuid: string }>(
        `INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, measure_index, stop,
                                             description, responsible_member_uuid, due_date, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULLIF($10, ''))
         ON CONFLICT DO NOTHING RETURNING uuid`,
        [
          session.clientUuid,
          risk.evaluation_uuid,
          risk.uuid,
          body.origin,
          measureIndex,
          body.stop,
          JSON.stringify(description),
          body.responsibleMemberUuid,
          body.dueDate,
          body.note ?? null,
        ],
      );
      // The same proposed measure twice for one risk.
      if (!created) throw new ApiHttpError(409, 'Action.Exists');
      if (afterAgreement) await agreeReopenedRisk(tx, risk.uuid, risk.evaluation_uuid);
      else {
        await tx.query('UPDATE risk_assessment_risk SET reopened_at = NULL WHERE uuid = $1', [risk.uuid]);
        await refreshRiskStatus(tx, risk.uuid);
      }
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.create-risk-action',
          entityType: 'risk-assessment',
          entityUuid: risk.task_uuid,
          memberUuid: body.responsibleMemberUuid,
          after: {
            actionUuid: created.uuid,
            riskUuid: risk.uuid,
            origin: body.origin,
            stop: body.stop,
            dueDate: body.dueDate,
          },
        },
      ]);
      return { uuid: created.uuid };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentUpdateRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const params: unknown[] = [body.uuid];
      const [action] = await tx.query<{
        uuid: string;
        risk_uuid: string;
        task_uuid: string;
        evaluation_status: string;
        approved: boolean;
        origin: string;
        stop: string;
        responsible_member_uuid: string;
        due_date: string;
        note: string | null;
        done_at: string | null;
      }>(
        `SELECT x.uuid, x.risk_uuid, ev.task_uuid, ev.status AS evaluation_status,
                ev.approved_at IS NOT NULL AS approved, x.origin, x.stop,
                x.responsible_member_uuid, x.due_date::text AS due_date, x.note, x.done_at::text AS done_at
           FROM risk_assessment_action x
           JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
           JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
          WHERE x.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, x`,
        params,
      );
      if (!action) throw new ApiHttpError(404, 'Action.NotFound');
      if (action.approved) throw new ApiHttpError(409, 'Evaluation.Approved');
      // Defined and agreed actions can be edited (a new owner, a later date); a done one is history.
      if (action.evaluation_status === 'done' || action.done_at !== null) {
        throw new ApiHttpError(409, 'Risk.InvalidStatus');
      }
      if (body.description !== undefined && action.origin !== 'custom') {
        throw new ApiHttpError(400, 'Schema.ValidationFailed');
      }
      if (body.dueDate !== action.due_date && body.dueDate < (await today(tx))) {
        throw new ApiHttpError(400, 'Action.InvalidDueDate');
      }
      await assertResponsible(tx, session, body.responsibleMemberUuid);
      await tx.query(
        `UPDATE risk_assessment_action SET stop = $2, responsible_member_uuid = $3, due_date = $4, note = NULLIF($5, ''),
                description = COALESCE($6::jsonb, description), updated_at = now()
          WHERE uuid = $1`,
        [
          action.uuid,
          body.stop,
          body.responsibleMemberUuid,
          body.dueDate,
          body.note ?? null,
          body.description === undefined ? null : JSON.stringify({ de_DE: body.description, en_GB: body.description }),
        ],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.update-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: body.responsibleMemberUuid,
          before: {
            actionUuid: action.uuid,
            stop: action.stop,
            responsibleMemberUuid: action.responsible_member_uuid,
            dueDate: action.due_date,
            note: action.note,
          },
          after: {
            actionUuid: action.uuid,
            stop: body.stop,
            responsibleMemberUuid: body.responsibleMemberUuid,
            dueDate: body.dueDate,
            note: body.note ?? null,
          },
        },
      ]);
      return { ok: true as const };
    }),
  );
}
