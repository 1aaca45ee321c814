import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleMembers } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { registerEndpoint } from '../../../http/route';
import { requireElearning } from '../lookups';
import { OPEN_TASK_SQL, syncElearningTasks } from '../taskSync';

/** Resetting members' progress: the current attempt closes as history and a new one starts. */
export function registerProgressResetRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningResetProgress, async ({ body, session }) =>
    db.transaction(async (tx) => {
      await requireElearning(tx, session, body.uuid, true);
      const params: unknown[] = [body.uuid, [...new Set(body.memberUuids)]];
      const visible = visibleMembers(session, params, 'm');
      // The current attempt closes (kept as history); a new attempt starts with the same due date, or, after a
      // completion, due today + buffer.
      const closed = await tx.query<{ member_uuid: string }>(
        `WITH targets AS (
           SELECT m.uuid FROM member m WHERE m.uuid = ANY ($2::uuid[]) AND m.archived_at IS NULL AND ${visible}
              AND EXISTS (SELECT 1 FROM elearning_task t WHERE t.elearning_uuid = $1 AND t.member_uuid = m.uuid
                             AND (t.completed_at IS NOT NULL OR (${OPEN_TASK_SQL})))),
         closed AS (
           UPDATE elearning_task t SET reset_at = now() FROM targets
            WHERE t.elearning_uuid = $1 AND t.member_uuid = targets.uuid AND ${OPEN_TASK_SQL}
           RETURNING t.member_uuid, t.due_date, t.origin)
         SELECT targets.uuid AS member_uuid, closed.due_date::text AS due_date, closed.origin
           FROM targets LEFT JOIN closed ON closed.member_uuid = targets.uuid`,
        params,
      );
      if (closed.length === 0) return { resetCount: 0 };
      await tx.query(
        `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, available_from, due_date, origin)
         SELECT $1, e.uuid, x.member_uuid, current_date,
                CASE WHEN x.due_date IS NULL OR x.origin = 'repeat' THEN current_date + e.first_execution_buffer_days
                     ELSE x.due_date::date END,
                'reset'
           FROM jsonb_to_recordset($3::jsonb) AS x(member_uuid uuid, due_date text, origin text)
           JOIN elearning e ON e.uuid = $2`,
        [session.clientUuid, body.uuid, JSON.stringify(closed)],
      );
      // Members no longer assigned keep the closed attempt but get no new one (the task rules decide).
      const memberUuids = closed.map((row) => row.member_uuid);
      await syncElearningTasks(tx, session.clientUuid, { elearningUuid: body.uuid, memberUuids });
      await recordAudit(
        tx,
        session,
        memberUuids.map((memberUuid) => ({
          action: 'elearning.reset-progress',
          entityType: 'elearning' as const,
          entityUuid: body.uuid,
          memberUuid,
        })),
      );
      return { resetCount: memberUuids.length };
    }),
  );
}
