import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { loadContent } from '../content';
import { STATUS_SQL, type TaskRow } from '../lookups';
import { syncMemberTasks } from '../memberTaskSync';

/** A task's settings (catalog/details/{uuid}/settings): read, and saved or created. */
export function registerSettingsRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSettings, async ({ body, session }) => {
    const [row] = await db.query<TaskRow>(
      `SELECT r.uuid, r.title, r.type, ty.kind, ${STATUS_SQL} AS status, r.due_date::text AS due_date, r.active,
              EXISTS (SELECT 1 FROM risk_assessment_assignment a WHERE a.task_uuid = r.uuid) AS type_locked
         FROM risk_assessment_task r JOIN risk_assessment_type ty ON ty.identifier = r.type
        WHERE r.uuid = $1 AND r.client_uuid = $2`,
      [body.uuid, session.clientUuid],
    );
    if (!row) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
    return {
      uuid: row.uuid,
      title: row.title,
      type: row.type,
      kind: row.kind,
      status: row.status,
      dueDate: row.due_date,
      active: row.active,
      typeLocked: row.type_locked,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSaveSettings, async ({ body, session }) => {
    if (!(await loadContent(db, body.type))) throw new ApiHttpError(400, 'Task.InvalidType');
    const after = { title: body.title, type: body.type, dueDate: body.dueDate, active: body.active };
    return db.transaction(async (tx) => {
      if (!body.uuid) {
        const [created] = await tx.query<{ uuid: string }>(
          `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date, active) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
          [session.clientUuid, body.title, body.type, body.dueDate, body.active],
        );
        if (!created) throw new Error('insert returned no row');
        await recordAudit(tx, session, [
          { action: 'risk-assessment.create', entityType: 'risk-assessment', entityUuid: created.uuid, after },
        ]);
        return { uuid: created.uuid };
      }
      const [current] = await tx.query<TaskRow>(
        `SELECT r.uuid, r.title, r.type, r.due_date::text AS due_date, r.active,
                EXISTS (SELECT 1 FROM risk_assessment_assignment a WHERE a.task_uuid = r.uuid) AS type_locked
           FROM risk_assessment_task r WHERE r.uuid = $1 AND r.client_uuid = $2 FOR UPDATE`,
        [body.uuid, session.clientUuid],
      );
      if (!current) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
      if (current.type !== body.type && current.type_locked) throw new ApiHttpError(409, 'Task.TypeMismatch');
      await tx.query(
        `UPDATE risk_assessment_task SET title = $2, type = $3, due_date = $4, active = $5, updated_at = now() WHERE uuid = $1`,
        [body.uuid, body.title, body.type, body.dueDate, body.active],
      );
      // Open analyses follow the new due date; completed ones keep theirs.
      await tx.query(
        `UPDATE risk_assessment_member_task SET due_date = $2 WHERE task_uuid = $1 AND completed_at IS NULL AND due_date IS DISTINCT FROM $2`,
        [body.uuid, body.dueDate],
      );
      // Switched on again: members who joined an assigned unit meanwhile get their analyses.
      if (body.active && !current.active) await syncMemberTasks(tx, session.clientUuid, body.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.update-settings',
          entityType: 'risk-assessment',
          entityUuid: body.uuid,
          before: { title: current.title, type: current.type, dueDate: current.due_date, active: current.active },
          after,
        },
      ]);
      return { uuid: body.uuid };
    });
  });
}
