import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';

/** The member's own reminder setting (the profile's settings tab). */
export function registerReminderRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.reminderReadSetting, async ({ session }) => {
    const [row] = await db.query<{ reminder_mails: boolean }>(
      'SELECT reminder_mails FROM member WHERE uuid = $1 AND client_uuid = $2',
      [session.memberUuid, session.clientUuid],
    );
    if (!row) throw new ApiHttpError(404, 'Member.NotFound');
    return { reminderMails: row.reminder_mails };
  });

  registerEndpoint(app, db, ENDPOINTS.reminderUpdateSetting, async ({ body, session }) => {
    const [row] = await db.query<{ reminder_mails: boolean }>(
      'UPDATE member SET reminder_mails = $3 WHERE uuid = $1 AND client_uuid = $2 RETURNING reminder_mails',
      [session.memberUuid, session.clientUuid, body.reminderMails],
    );
    if (!row) throw new ApiHttpError(404, 'Member.NotFound');
    return { reminderMails: row.reminder_mails };
  });
}
