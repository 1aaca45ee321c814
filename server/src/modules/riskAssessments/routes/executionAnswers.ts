import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { loadContent } from '../content';
import { assertHoldsLock, LOCK_SECONDS, loadExecution, lockHolder } from '../lookups';

/** A member's answers: saved as he goes, and completed for good. */
export function registerExecutionAnswerRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSaveExecution, async ({ body, session }) => {
    // Last answer of a question wins; unknown questions and values outside the scale are refused.
    const answers = [...new Map(body.answers.map((answer) => [answer.questionKey, answer])).values()];
    return db.transaction(async (tx) => {
      const row = await loadExecution(tx, session, body.uuid, true);
      if (row.completed_at !== null) throw new ApiHttpError(409, 'RiskAssessmentExecution.AlreadyCompleted');
      if (row.phase_over) throw new ApiHttpError(409, 'Task.Inactive');
      assertHoldsLock(row, session, lockHolder(session, body.windowId));
      const content = await loadContent(tx, row.type);
      if (!content) throw new ApiHttpError(400, 'Task.InvalidType');
      const invalid = answers.some(
        (answer) => !content.questionKeys.has(answer.questionKey) || !content.scaleValues.has(answer.value),
      );
      if (invalid || body.currentPage >= Math.max(content.content.groups.length, 1)) {
        throw new ApiHttpError(400, 'Schema.ValidationFailed');
      }
      if (answers.length > 0) {
        await tx.query(
          `INSERT INTO risk_assessment_answer (execution_uuid, question_key, value, note)
           SELECT $1, x.question_key, x.value, CASE WHEN $3 THEN NULLIF(x.note, '') END
             FROM jsonb_to_recordset($2::jsonb) AS x(question_key text, value int, note text)
           ON CONFLICT (execution_uuid, question_key) DO UPDATE SET value = EXCLUDED.value, note = EXCLUDED.note`,
          [
            row.uuid,
            JSON.stringify(answers.map((a) => ({ question_key: a.questionKey, value: a.value, note: a.note ?? null }))),
            row.kind === 'inspection',
          ],
        );
      }
      const [saved] = await tx.query<{ updated_at: unknown; locked_until: unknown }>(
        `UPDATE risk_assessment_execution
            SET current_page = $2, updated_at = now(),
                lock_token = CASE WHEN $3 THEN NULL ELSE $4 END,
                locked_by_member_uuid = CASE WHEN $3 THEN NULL ELSE $5::uuid END,
                locked_until = CASE WHEN $3 THEN NULL ELSE now() + make_interval(secs => $6) END
          WHERE uuid = $1 RETURNING updated_at, locked_until`,
        [
          row.uuid,
          body.currentPage,
          body.release === true,
          lockHolder(session, body.windowId),
          session.memberUuid,
          LOCK_SECONDS,
        ],
      );
      return { savedAt: iso(saved?.updated_at) ?? '', lockedUntil: iso(saved?.locked_until) };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCompleteExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const row = await loadExecution(tx, session, body.uuid, true);
      // Repeated (a double click, a retried request): the first completion stands, nothing happens twice.
      if (row.completed_at !== null) return { completedAt: iso(row.completed_at) ?? '' };
      if (row.phase_over) throw new ApiHttpError(409, 'Task.Inactive');
      assertHoldsLock(row, session, lockHolder(session, body.windowId));
      const content = await loadContent(tx, row.type);
      if (!content) throw new ApiHttpError(400, 'Task.InvalidType');
      const [answered] = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM risk_assessment_answer WHERE execution_uuid = $1 AND question_key = ANY($2::text[])`,
        [row.uuid, [...content.questionKeys]],
      );
      if ((answered?.count ?? 0) < content.questionKeys.size) {
        throw new ApiHttpError(400, 'RiskAssessmentExecution.Incomplete');
      }
      const inspection = row.kind === 'inspection';
      // Inspections name who assessed and when; a survey's result holds nothing that leads back to the member.
      const [result] = await tx.query<{ uuid: string }>(
        `INSERT INTO risk_assessment_result (client_uuid, task_uuid, assignment_uuid, org_unit_uuid, location_uuid,
                                             type_identifier, kind, execution_uuid, assessed_by_member_uuid,
                                             assessed_by_name, assessed_at)
         SELECT $1, $2, $3, $4, $5, $6, $7,
                CASE WHEN $8 THEN $9::uuid END, CASE WHEN $8 THEN m.uuid END,
                CASE WHEN $8 THEN m.first_name || ' ' || m.last_name END, CASE WHEN $8 THEN now() END
           FROM member m WHERE m.uuid = $10
         RETURNING uuid`,
        [
          session.clientUuid,
          row.task_uuid,
          row.assignment_uuid,
          row.org_unit_uuid,
          row.location_uuid,
          row.type,
          row.kind,
          inspection,
          row.uuid,
          session.memberUuid,
        ],
      );
      if (!result) throw new Error('result not created');
      await tx.query(
        `INSERT INTO risk_assessment_result_answer (result_uuid, question_key, group_key, value, risk_weight, note, load,
                                                    hazard_factor_group, source, target, measures)
         SELECT $1, q.key, q.group_key, a.value,
                COALESCE((SELECT (s ->> 'riskWeight')::int FROM jsonb_array_elements(ty.scale) s WHERE (s ->> 'value')::int = a.value), 0),
                CASE WHEN ty.kind = 'inspection' THEN a.note END,
                q.load, q.hazard_factor_group, q.source, q.target, q.measures
           FROM risk_assessment_answer a
           JOIN risk_assessment_question q ON q.type_identifier = $2 AND q.key = a.question_key AND NOT q.retired
           JOIN risk_assessment_type ty ON ty.identifier = q.type_identifier
          WHERE a.execution_uuid = $3`,
        [result.uuid, row.type, row.uuid],
      );
      if (!inspection) await tx.query('DELETE FROM risk_assessment_answer WHERE execution_uuid = $1', [row.uuid]);
      const [done] = await tx.query<{ completed_at: unknown }>(
        `UPDATE risk_assessment_execution SET completed_at = now(), updated_at = now(), lock_token = NULL,
                locked_by_member_uuid = NULL, locked_until = NULL
          WHERE uuid = $1 RETURNING completed_at`,
        [row.uuid],
      );
      // Who has completed (for the counts) stays on the member's task, apart from what was answered.
      await tx.query(
        `UPDATE risk_assessment_member_task SET completed_at = now(), execution_uuid = $1
          WHERE completed_at IS NULL AND (execution_uuid = $1 OR ($2 AND assignment_uuid = $3))`,
        [row.uuid, row.member_uuid === null, row.assignment_uuid],
      );
      return { completedAt: iso(done?.completed_at) ?? '' };
    }),
  );
}
