import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { type ElearningState, requireElearning } from '../lookups';
import { ELEARNING_STATE_SQL, rescheduleWaitingTasks, syncElearningTasks } from '../taskSync';

interface SettingsRow {
  active: boolean;
  due_date: string | null;
  first_execution_buffer_days: number;
  repeat_interval_months: number;
  activate_on: string | null;
  deactivate_on: string | null;
  state: ElearningState;
}

async function readSettings(db: Queryable, uuid: string) {
  const [row] = await db.query<SettingsRow>(
    `SELECT e.active, e.due_date::text AS due_date, e.first_execution_buffer_days, e.repeat_interval_months,
            e.activate_on::text AS activate_on, e.deactivate_on::text AS deactivate_on, ${ELEARNING_STATE_SQL} AS state
       FROM elearning e WHERE e.uuid = $1`,
    [uuid],
  );
  if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
  return {
    active: row.active,
    dueDate: row.due_date,
    firstExecutionBufferDays: row.first_execution_buffer_days as 0 | 7 | 14 | 30 | 60 | 90,
    repeatIntervalMonths: row.repeat_interval_months,
    activateOn: row.activate_on,
    deactivateOn: row.deactivate_on,
    state: row.state,
  };
}

/** An e-learning's settings (due date, repetition, activation): read and saved, its tasks following. */
export function registerSettingsRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningSettings, async ({ body, session }) => {
    await requireElearning(db, session, body.uuid);
    return readSettings(db, body.uuid);
  });

  registerEndpoint(app, db, ENDPOINTS.elearningSaveSettings, async ({ body, session }) => {
    const { uuid, ...settings } = body;
    if (settings.activateOn && settings.deactivateOn && settings.deactivateOn <= settings.activateOn) {
      throw new ApiHttpError(400, 'Elearning.InvalidDate');
    }
    return db.transaction(async (tx) => {
      await requireElearning(tx, session, uuid, true);
      const before = await readSettings(tx, uuid);
      // "In the past" by the database's calendar, like every other date rule of the tasks.
      const [dates] = await tx.query<{ due_in_past: boolean }>(
        'SELECT coalesce($1::date < current_date, false) AS due_in_past',
        [settings.dueDate],
      );
      if (dates?.due_in_past && settings.dueDate !== before.dueDate)
        throw new ApiHttpError(400, 'Elearning.InvalidDate');
      await tx.query(
        `UPDATE elearning SET active = $2, due_date = $3, first_execution_buffer_days = $4, repeat_interval_months = $5,
                activate_on = $6, deactivate_on = $7, updated_at = now() WHERE uuid = $1`,
        [
          uuid,
          settings.active,
          settings.dueDate,
          settings.firstExecutionBufferDays,
          settings.repeatIntervalMonths,
          settings.activateOn,
          settings.deactivateOn,
        ],
      );
      const moved = await rescheduleWaitingTasks(tx, uuid);
      const { created } = await syncElearningTasks(tx, session.clientUuid, { elearningUuid: uuid });
      const { state: _state, ...beforeSettings } = before;
      await recordAudit(tx, session, [
        {
          action: 'elearning.save-settings',
          entityType: 'elearning',
          entityUuid: uuid,
          before: beforeSettings,
          after: settings,
        },
      ]);
      return { ...(await readSettings(tx, uuid)), changedTaskCount: moved + created };
    });
  });
}
