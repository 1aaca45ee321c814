import { ENDPOINTS, type RiskAssessmentExecution } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { loadContent } from './content';

/** How long a lock holds without a save; the open page renews it well before (docs/risk-assessments.md). */
export const LOCK_SECONDS = 120;

interface ExecutionRow {
  uuid: string;
  task_uuid: string;
  assignment_uuid: string;
  member_uuid: string | null;
  title: string;
  type: string;
  kind: 'inspection' | 'survey';
  active: boolean;
  status: string;
  org_unit_uuid: string | null;
  location_uuid: string | null;
  org_unit_name: string | null;
  location_name: string | null;
  due_date: string | null;
  current_page: number;
  completed_at: unknown;
  lock_token: string | null;
  locked_until: unknown;
  locked_by_name: string | null;
  lock_live: boolean;
  is_mine: boolean;
  /** The analysis phase of the assignment has ended (issue 16): open analyses are closed. */
  phase_over: boolean;
}

/**
 * An execution of the session's client, with whether the signed-in member may work on it: his own analysis, or a
 * shared location inspection he has a task for. `forUpdate` locks the row: saves of one execution take turns.
 */
async function loadExecution(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
  forUpdate: boolean,
): Promise<ExecutionRow> {
  const [row] = await tx.query<ExecutionRow>(
    `SELECT e.uuid, e.task_uuid, e.assignment_uuid, e.member_uuid, t.title, t.type, ty.kind, t.active, t.status,
            a.org_unit_uuid, a.location_uuid, o.name AS org_unit_name, l.name AS location_name,
            t.due_date::text AS due_date, e.current_page, e.completed_at, e.lock_token, e.locked_until,
            lm.first_name || ' ' || lm.last_name AS locked_by_name, e.locked_until > now() AS lock_live,
            EXISTS (SELECT 1 FROM risk_assessment_member_task mt
                     WHERE mt.assignment_uuid = e.assignment_uuid AND mt.member_uuid = $3
                       AND (e.member_uuid IS NULL OR e.member_uuid = $3)) AS is_mine,
            EXISTS (SELECT 1 FROM risk_assessment_evaluation ev WHERE ev.assignment_uuid = e.assignment_uuid) AS phase_over
       FROM risk_assessment_execution e
       JOIN risk_assessment_task t ON t.uuid = e.task_uuid
       JOIN risk_assessment_type ty ON ty.identifier = t.type
       JOIN risk_assessment_assignment a ON a.uuid = e.assignment_uuid
       LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
       LEFT JOIN location l ON l.uuid = a.location_uuid
       LEFT JOIN member lm ON lm.uuid = e.locked_by_member_uuid
      WHERE e.uuid = $1 AND e.client_uuid = $2 ${forUpdate ? 'FOR UPDATE OF e' : ''}`,
    [uuid, session.clientUuid, session.memberUuid],
  );
  if (!row) throw new ApiHttpError(404, 'RiskAssessmentExecution.NotFound');
  if (!row.is_mine) throw new ApiHttpError(403, 'RiskAssessmentExecution.NotMembers');
  return row;
}

/** Held by another browser and not yet expired. */
function lockedByOther(row: ExecutionRow, session: SessionContext): boolean {
  return row.lock_live && row.lock_token !== null && row.lock_token !== session.tokenHash;
}

async function takeLock(tx: Queryable, session: SessionContext, uuid: string): Promise<string> {
  const [row] = await tx.query<{ locked_until: unknown }>(
    `UPDATE risk_assessment_execution SET lock_token = $2, locked_by_member_uuid = $3,
            locked_until = now() + make_interval(secs => $4) WHERE uuid = $1 RETURNING locked_until`,
    [uuid, session.tokenHash, session.memberUuid, LOCK_SECONDS],
  );
  return iso(row?.locked_until) ?? '';
}

/** A member's analyses: start, open (lock), save as he goes, complete for good. */
export function registerExecutionRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentContent, async ({ body }) => {
    const loaded = await loadContent(db, body.type);
    if (!loaded) throw new ApiHttpError(404, 'Task.InvalidType');
    return loaded.content;
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCreateExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const [task] = await tx.query<{
        member_uuid: string;
        execution_uuid: string | null;
        assignment_uuid: string;
        task_uuid: string;
        shared: boolean;
        open_for_new: boolean;
      }>(
        `SELECT mt.member_uuid, mt.execution_uuid, mt.assignment_uuid, mt.task_uuid,
                (a.kind = 'location' AND ty.kind = 'inspection') AS shared,
                (t.active AND t.status = 'analysing' AND mt.closed_at IS NULL) AS open_for_new
           FROM risk_assessment_member_task mt
           JOIN risk_assessment_task t ON t.uuid = mt.task_uuid
           JOIN risk_assessment_type ty ON ty.identifier = t.type
           JOIN risk_assessment_assignment a ON a.uuid = mt.assignment_uuid
          WHERE mt.uuid = $1 AND mt.client_uuid = $2 FOR UPDATE OF mt`,
        [body.memberTaskUuid, session.clientUuid],
      );
      if (!task) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
      if (task.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'RiskAssessmentExecution.NotMembers');
      // Started before: the same execution again (a double click or a retry creates nothing twice).
      if (task.execution_uuid) return { executionUuid: task.execution_uuid };
      const ownerUuid = task.shared ? null : session.memberUuid;
      const [existing] = await tx.query<{ uuid: string }>(
        `SELECT uuid FROM risk_assessment_execution WHERE assignment_uuid = $1 AND member_uuid IS NOT DISTINCT FROM $2`,
        [task.assignment_uuid, ownerUuid],
      );
      let executionUuid = existing?.uuid;
      if (!executionUuid) {
        if (!task.open_for_new) throw new ApiHttpError(409, 'Task.Inactive');
        const [created] = await tx.query<{ uuid: string }>(
          `INSERT INTO risk_assessment_execution (client_uuid, task_uuid, assignment_uuid, member_uuid)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING uuid`,
          [session.clientUuid, task.task_uuid, task.assignment_uuid, ownerUuid],
        );
        executionUuid =
          created?.uuid ??
          (
            await tx.query<{ uuid: string }>(
              `SELECT uuid FROM risk_assessment_execution WHERE assignment_uuid = $1 AND member_uuid IS NOT DISTINCT FROM $2`,
              [task.assignment_uuid, ownerUuid],
            )
          )[0]?.uuid;
        if (!executionUuid) throw new Error('execution not created');
      }
      await tx.query('UPDATE risk_assessment_member_task SET execution_uuid = $2 WHERE uuid = $1', [
        body.memberTaskUuid,
        executionUuid,
      ]);
      return { executionUuid };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentExecution, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const row = await loadExecution(tx, session, body.uuid, true);
      const completed = row.completed_at !== null;
      let lock: RiskAssessmentExecution['lock'] = null;
      if (!completed && !row.phase_over) {
        if (lockedByOther(row, session)) {
          lock = { mine: false, lockedByName: row.locked_by_name ?? '', lockedUntil: iso(row.locked_until) ?? '' };
        } else {
          const me = await tx.query<{ name: string }>(
            `SELECT first_name || ' ' || last_name AS name FROM member WHERE uuid = $1`,
            [session.memberUuid],
          );
          lock = { mine: true, lockedByName: me[0]?.name ?? '', lockedUntil: await takeLock(tx, session, row.uuid) };
        }
      }
      // A completed survey has no answers here any more: they were stored apart from the member.
      const answers = await tx.query<{ questionKey: string; value: number; note: string | null }>(
        `SELECT question_key AS "questionKey", value, note FROM risk_assessment_answer WHERE execution_uuid = $1`,
        [row.uuid],
      );
      const [result] = completed
        ? await tx.query<{ assessed_by_name: string | null }>(
            'SELECT assessed_by_name FROM risk_assessment_result WHERE execution_uuid = $1',
            [row.uuid],
          )
        : [];
      return {
        uuid: row.uuid,
        taskUuid: row.task_uuid,
        title: row.title,
        type: row.type,
        kind: row.kind,
        orgUnitName: row.org_unit_name,
        locationName: row.location_name,
        dueDate: row.due_date,
        currentPage: row.current_page,
        completedAt: iso(row.completed_at),
        completedByName: result?.assessed_by_name ?? null,
        answers,
        lock,
        phaseEnded: row.phase_over,
      };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSaveExecution, async ({ body, session }) => {
    // Last answer of a question wins; unknown questions and values outside the scale are refused.
    const answers = [...new Map(body.answers.map((answer) => [answer.questionKey, answer])).values()];
    return db.transaction(async (tx) => {
      const row = await loadExecution(tx, session, body.uuid, true);
      if (row.completed_at !== null) throw new ApiHttpError(409, 'RiskAssessmentExecution.AlreadyCompleted');
      if (row.phase_over) throw new ApiHttpError(409, 'Task.Inactive');
      if (lockedByOther(row, session)) throw new ApiHttpError(409, 'RiskAssessmentExecution.Locked');
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
        [row.uuid, body.currentPage, body.release === true, session.tokenHash, session.memberUuid, LOCK_SECONDS],
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
      if (lockedByOther(row, session)) throw new ApiHttpError(409, 'RiskAssessmentExecution.Locked');
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
