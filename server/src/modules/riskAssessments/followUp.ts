import { hasAnyPermission } from '@dash/shared-core';
import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { evaluableAssignments } from './evaluation';

/**
 * What the follow-up of agreed actions shares (docs/risk-assessment-follow-up.md): who may carry out and check an
 * action, and the evaluation's status from its actions.
 */

export interface FollowUpAction {
  uuid: string;
  risk_uuid: string;
  evaluation_uuid: string;
  task_uuid: string;
  evaluation_status: 'risksCreated' | 'actionsAgreed' | 'done';
  approved: boolean;
  superseded: boolean;
  done_at: string | null;
  checked: boolean;
  responsible_member_uuid: string;
}

/**
 * An action the session may carry out or check, locked with its evaluation: the responsible member's own, or any
 * action of the evaluations an administrator may change (the evaluation list's scope). Anything else answers like an
 * unknown action.
 */
export async function lockFollowUpAction(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
): Promise<FollowUpAction> {
  const params: unknown[] = [uuid, session.clientUuid, session.memberUuid];
  let allowed = 'x.responsible_member_uuid = $3';
  if (hasAnyPermission(session.permissions, ['risk-assessment.change-risk-actions'])) {
    allowed = `(${allowed} OR (${evaluableAssignments(session, params)}))`;
  }
  const [action] = await tx.query<FollowUpAction>(
    `SELECT x.uuid, x.risk_uuid, x.evaluation_uuid, ev.task_uuid, ev.status AS evaluation_status,
            ev.approved_at IS NOT NULL AS approved, ev.superseded_at IS NOT NULL AS superseded,
            x.done_at::text AS done_at, x.checked_at IS NOT NULL AS checked, x.responsible_member_uuid
       FROM risk_assessment_action x
       JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
       JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
      WHERE x.uuid = $1 AND x.client_uuid = $2 AND ${allowed} FOR UPDATE OF ev, x`,
    params,
  );
  if (!action) throw new ApiHttpError(404, 'Action.NotFound');
  return action;
}

/**
 * An agreed evaluation is done when no action is open and no risk waits for a new action after a "not effective"
 * check; otherwise it is (back) at actionsAgreed. An evaluation still defining its actions stays as it is.
 */
export async function refreshEvaluationProgress(
  tx: Queryable,
  evaluationUuid: string,
): Promise<'risksCreated' | 'actionsAgreed' | 'done'> {
  const pending = `(EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.evaluation_uuid = ev.uuid AND x.done_at IS NULL)
    OR EXISTS (SELECT 1 FROM risk_assessment_risk r WHERE r.evaluation_uuid = ev.uuid AND r.reopened_at IS NOT NULL))`;
  await tx.query(
    `UPDATE risk_assessment_evaluation ev
        SET status = CASE WHEN ${pending} THEN 'actionsAgreed' ELSE 'done' END,
            done_at = CASE WHEN ${pending} THEN NULL ELSE coalesce(ev.done_at, now()) END
      WHERE ev.uuid = $1 AND ev.status <> 'risksCreated'`,
    [evaluationUuid],
  );
  const [row] = await tx.query<{ status: 'risksCreated' | 'actionsAgreed' | 'done' }>(
    'SELECT status FROM risk_assessment_evaluation WHERE uuid = $1',
    [evaluationUuid],
  );
  return row?.status ?? 'actionsAgreed';
}
