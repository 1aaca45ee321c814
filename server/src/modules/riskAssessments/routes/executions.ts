import { ENDPOINTS, type RiskAssessmentExecution } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { loadContent } from '../content';
import { LOCK_SECONDS, loadExecution, lockedByMyOtherWindow, lockedByOther, lockHolder } from '../lookups';

async function takeLock(tx: Queryable, session: SessionContext, uuid: string, holder: string): Promise<string> {
  const [row] = await tx.query<{ locked_until: unknown }>(
    `UPDATE risk_assessment_execution SET lock_token = $2, locked_by_member_uuid = $3,
            locked_until = now() + make_interval(secs => $4) WHERE uuid = $1 RETURNING locked_until`,
    [uuid, holder, session.memberUuid, LOCK_SECONDS],
  );
  return iso(row?.locked_until) ?? '';
}

/** A member's analyses: the questionnaire, start, and open (taking the lock). */
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
        const holder = lockHolder(session, body.windowId);
        // Her own other window (a tab left open, another device, a crashed browser) gives way when she asks.
        const mineElsewhere = lockedByMyOtherWindow(row, session, holder);
        if (lockedByOther(row, holder) && !(mineElsewhere && body.takeOver)) {
          if (body.takeOver) throw new ApiHttpError(409, 'RiskAssessmentExecution.Locked');
          lock = {
            mine: false,
            mineElsewhere,
            lockedByName: row.locked_by_name ?? '',
            lockedUntil: iso(row.locked_until) ?? '',
          };
        } else {
          const me = await tx.query<{ name: string }>(
            `SELECT first_name || ' ' || last_name AS name FROM member WHERE uuid = $1`,
            [session.memberUuid],
          );
          lock = {
            mine: true,
            mineElsewhere: false,
            lockedByName: me[0]?.name ?? '',
            lockedUntil: await takeLock(tx, session, row.uuid, holder),
          };
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
}
