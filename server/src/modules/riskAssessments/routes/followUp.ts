import { ENDPOINTS, type MyRiskAction } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { MY_RISK_ACTION_STATE, MY_RISK_ACTIONS_FROM, MY_RISK_ACTIONS_OF_MEMBER } from '../../../core/tasks/dueCounts';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { ACTION_COLUMNS, ACTION_FROM, type ActionListRow, refreshRiskStatuses, toAction } from '../actions';
import { loadEvaluation } from '../evaluation';
import { lockFollowUpAction, refreshEvaluationProgress } from '../followUp';

const MY_ACTION_SORT = { dueDate: 'x.due_date', checkDueDate: 'x.check_due_date', title: 'lower(t.title)' };

/**
 * After the actions are agreed (docs/risk-assessment-follow-up.md): the responsible member's own actions, the
 * effectiveness check of a done action, the sign-off of an evaluation and a new round from a signed-off one.
 */
export function registerFollowUpRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCheckRiskAction, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const action = await lockFollowUpAction(tx, session, body.uuid);
      // The round a newer one started from is history: its actions live on (with their checks) in the new round.
      if (action.superseded) throw new ApiHttpError(409, 'Evaluation.Superseded');
      if (action.done_at === null) throw new ApiHttpError(409, 'Action.NotDone');
      if (action.checked) throw new ApiHttpError(409, 'Action.AlreadyChecked');
      const note = body.note?.trim() || null;
      if (body.result !== 'effective' && note === null) throw new ApiHttpError(400, 'Action.CheckNoteRequired');
      await tx.query(
        `UPDATE risk_assessment_action SET effectiveness = $2, effectiveness_note = $3, checked_at = now(),
                checked_by_member_uuid = $4, updated_at = now(),
                checked_by_name = (SELECT first_name || ' ' || last_name FROM member WHERE uuid = $4)
          WHERE uuid = $1`,
        [action.uuid, body.result, note, session.memberUuid],
      );
      const reopened = body.result === 'notEffective';
      if (reopened) {
        // The hazard is still there: the risk needs a new action (in this round, or after a sign-off in a new one).
        await tx.query(
          `UPDATE risk_assessment_risk SET reopened_at = now(), status = 'riskActionDefine' WHERE uuid = $1`,
          [action.risk_uuid],
        );
        await refreshEvaluationProgress(tx, action.evaluation_uuid);
      }
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.check-risk-action',
          entityType: 'risk-assessment',
          entityUuid: action.task_uuid,
          memberUuid: action.responsible_member_uuid,
          after: { actionUuid: action.uuid, result: body.result, note, riskReopened: reopened },
        },
      ]);
      return { reopened, needsNewRound: reopened && action.approved };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentMyRiskActions, async ({ body, session }) => {
    const params: unknown[] = [session.memberUuid, session.clientUuid];
    const state = body.filter.state;
    const where = state ? ` AND ${MY_RISK_ACTION_STATE[state]}` : '';
    const [{ rows, total }, [counts]] = await Promise.all([
      readTablePage<
        ActionListRow & { evaluation_uuid: string; title: string; target_name: string; can_complete: boolean }
      >(db, {
        select: `SELECT ${ACTION_COLUMNS}, x.evaluation_uuid, t.title, coalesce(o.name, l.name, '') AS target_name,
                          (x.done_at IS NULL AND ev.status = 'actionsAgreed') AS can_complete
                     ${ACTION_FROM}
                     JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
                     JOIN risk_assessment_task t ON t.uuid = ev.task_uuid
                     JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
                     LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
                     LEFT JOIN location l ON l.uuid = a.location_uuid
                    WHERE ${MY_RISK_ACTIONS_OF_MEMBER}${where}`,
        count: `SELECT count(*)::int AS total ${MY_RISK_ACTIONS_FROM}${where}`,
        params,
        order: orderBy(MY_ACTION_SORT, body.sortBy, body.sortDirection, 'x.uuid'),
        page: body.page,
        perPage: body.perPage,
      }),
      db.query<{ open: number; check_due: number; checked: number }>(
        `SELECT count(*) FILTER (WHERE ${MY_RISK_ACTION_STATE.open})::int AS open,
                count(*) FILTER (WHERE ${MY_RISK_ACTION_STATE.checkDue})::int AS check_due,
                count(*) FILTER (WHERE ${MY_RISK_ACTION_STATE.checked})::int AS checked ${MY_RISK_ACTIONS_FROM}`,
        params,
      ),
    ]);
    const items: MyRiskAction[] = rows.map((row) => ({
      ...toAction(row),
      evaluationUuid: row.evaluation_uuid,
      title: row.title,
      targetName: row.target_name,
      canComplete: row.can_complete,
    }));
    return {
      items,
      total,
      counts: { open: counts?.open ?? 0, checkDue: counts?.check_due ?? 0, checked: counts?.checked ?? 0 },
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentApproveEvaluation, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const evaluation = await loadEvaluation(tx, session, body.uuid, true);
      if (evaluation.superseded) throw new ApiHttpError(409, 'Evaluation.Superseded');
      if (evaluation.approved) throw new ApiHttpError(409, 'Evaluation.Approved');
      // Signed off once the actions are agreed (or all done): what is signed is the assessment with its actions.
      if (evaluation.status === 'risksCreated') throw new ApiHttpError(409, 'Risk.InvalidStatus');
      const comment = body.comment?.trim() || null;
      const [approved] = await tx.query<{ approved_at: Date | string; approved_by_name: string }>(
        `UPDATE risk_assessment_evaluation SET approved_at = now(), approved_by_member_uuid = $2, approval_comment = $3,
                approved_by_name = (SELECT first_name || ' ' || last_name FROM member WHERE uuid = $2)
          WHERE uuid = $1 RETURNING approved_at, approved_by_name`,
        [evaluation.uuid, session.memberUuid, comment],
      );
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.approve-evaluation',
          entityType: 'risk-assessment',
          entityUuid: evaluation.task_uuid,
          after: { evaluationUuid: evaluation.uuid, round: evaluation.round, comment },
        },
      ]);
      return {
        approvedAt: new Date(approved?.approved_at ?? Date.now()).toISOString(),
        approvedByName: approved?.approved_by_name ?? '',
      };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentStartEvaluationRound, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const evaluation = await loadEvaluation(tx, session, body.uuid, true);
      if (evaluation.superseded) throw new ApiHttpError(409, 'Evaluation.Superseded');
      if (!evaluation.approved) throw new ApiHttpError(409, 'Evaluation.NotApproved');
      await tx.query('UPDATE risk_assessment_evaluation SET superseded_at = now() WHERE uuid = $1', [evaluation.uuid]);
      // One statement copies the round: the evaluation, its risks (same scores, decisions, reopened marks) and every
      // action with its progress and checks (the parent rows' keys are checked at the end of the statement).
      const [next] = await tx.query<{ uuid: string; round: number }>(
        `WITH next AS (
           INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, status, analysis_count,
                                                   matrix_version, finished_by_member_uuid, round, previous_evaluation_uuid)
           SELECT client_uuid, task_uuid, assignment_uuid, 'risksCreated', analysis_count, matrix_version, $2, round + 1, uuid
             FROM risk_assessment_evaluation WHERE uuid = $1 RETURNING uuid, round),
         mapping AS MATERIALIZED (
           SELECT r.uuid AS old_uuid, gen_random_uuid() AS new_uuid FROM risk_assessment_risk r WHERE r.evaluation_uuid = $1),
         risks AS (
           INSERT INTO risk_assessment_risk (uuid, client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group,
                                             load, source, target, measures, probability, severity, risk_factor,
                                             matrix_version, status, not_relevant, not_relevant_reason, reopened_at)
           SELECT m.new_uuid, r.client_uuid, next.uuid, r.question_key, r.group_key, r.hazard_factor_group, r.load, r.source,
                  r.target, r.measures, r.probability, r.severity, r.risk_factor, r.matrix_version, r.status,
                  r.not_relevant, r.not_relevant_reason, r.reopened_at
             FROM risk_assessment_risk r JOIN mapping m ON m.old_uuid = r.uuid CROSS JOIN next),
         actions AS (
           INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, measure_index, stop,
                                               description, responsible_member_uuid, due_date, note, done_at,
                                               done_by_member_uuid, done_by_name, check_due_date, effectiveness,
                                               effectiveness_note, checked_at, checked_by_member_uuid, checked_by_name,
                                               copied_from_action_uuid, created_at)
           SELECT x.client_uuid, next.uuid, m.new_uuid, x.origin, x.measure_index, x.stop, x.description,
                  x.responsible_member_uuid, x.due_date, x.note, x.done_at, x.done_by_member_uuid, x.done_by_name,
                  x.check_due_date, x.effectiveness, x.effectiveness_note, x.checked_at, x.checked_by_member_uuid,
                  x.checked_by_name, x.uuid, x.created_at
             FROM risk_assessment_action x JOIN mapping m ON m.old_uuid = x.risk_uuid CROSS JOIN next)
         SELECT uuid, round FROM next`,
        [evaluation.uuid, session.memberUuid],
      );
      if (!next) throw new Error('round not created');
      await refreshRiskStatuses(tx, next.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.start-evaluation-round',
          entityType: 'risk-assessment',
          entityUuid: evaluation.task_uuid,
          before: { evaluationUuid: evaluation.uuid, round: evaluation.round },
          after: { evaluationUuid: next.uuid, round: next.round },
        },
      ]);
      return { uuid: next.uuid, round: next.round };
    }),
  );
}
