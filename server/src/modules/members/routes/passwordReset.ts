import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import { visibleMembers } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { RESET_REQUEST_MINUTES, sendPasswordResetMail, sendWelcomeMail } from '../../auth/passwordReset';

/** The bulk password reset: a reset (or set-password) mail to the chosen members. */
export function registerPasswordResetRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.memberResetPasswords, async ({ body, session }) => {
    const recipients = await db.transaction(async (tx) => {
      // Once per 10 minutes per client, decided by one statement: two admins at once cannot both pass.
      const allowed = await tx.query(
        `UPDATE client SET last_bulk_password_reset_at = now()
          WHERE uuid = $1 AND (last_bulk_password_reset_at IS NULL
                               OR last_bulk_password_reset_at <= now() - make_interval(mins => $2))
          RETURNING uuid`,
        [session.clientUuid, RESET_REQUEST_MINUTES],
      );
      if (allowed.length === 0) throw new ApiHttpError(409, 'Client.InvalidLastResetDate');
      const params: unknown[] = [];
      const condition = visibleMembers(session, params);
      params.push(session.memberUuid, body.mode);
      const rows = await tx.query<{ uuid: string; has_password: boolean }>(
        `SELECT m.uuid, m.password_hash IS NOT NULL AS has_password FROM member m
          WHERE ${condition} AND m.archived_at IS NULL AND m.status = 'active' AND m.email IS NOT NULL
            AND m.uuid <> $${params.length - 1}
            AND ($${params.length} = 'all'
                 OR ($${params.length} = 'neverLoggedIn' AND m.last_login_at IS NULL)
                 OR ($${params.length} = 'noPassword' AND m.password_hash IS NULL))`,
        params,
      );
      await recordAudit(
        tx,
        session,
        rows.map((row) => ({
          action: 'member.reset-password',
          entityType: 'member' as const,
          entityUuid: row.uuid,
          memberUuid: row.uuid,
          after: { mode: body.mode },
        })),
      );
      return rows;
    });
    // After the commit, through the mail outbox (or SMTP): a set-password link for those without a password.
    const services = { db, mailer: app.mailer, publicUrl: config.publicUrl };
    let sent = 0;
    for (const recipient of recipients) {
      try {
        if (recipient.has_password) await sendPasswordResetMail(services, recipient.uuid);
        else await sendWelcomeMail(services, recipient.uuid);
        sent += 1;
      } catch (error) {
        app.log.warn({ err: error, member: recipient.uuid }, 'password mail not sent');
      }
    }
    return { count: sent };
  });
}
