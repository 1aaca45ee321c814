import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database } from '../../../core/db/database';
import { licenseeForHost } from '../../../core/licensees/licensees';
import type { Mailer } from '../../../core/mail/mailer';
import { createSession, deleteSession } from '../../../core/sessions/sessions';
import { newToken, SESSION_COOKIE, setSessionCookie, setXsrfCookie } from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import {
  hashResetToken,
  isRecentPassword,
  RESET_REQUEST_MINUTES,
  sendPasswordResetMail,
  storeNewPassword,
} from '../passwordReset';
import { checkRateLimit, RATE_LIMITS } from '../rateLimit';

/** Forgotten password and set password (the reset and welcome mails' links). */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  mailer: Mailer,
): void {
  registerEndpoint(app, db, ENDPOINTS.createPasswordResetToken, async ({ body, request }) => {
    await checkRateLimit(db, 'password-reset-request', [
      { subject: request.ip, limit: RATE_LIMITS.passwordResetRequestPerIp },
    ]);
    // The 10-minute rule counts the company ID and username whether or not the account exists, so the answer
    // (200 or 400 Client.InvalidLastResetDate) never tells strangers which accounts are real.
    const recorded = await db.query(
      `INSERT INTO password_reset_request (client_identifier, username) VALUES ($1, $2)
       ON CONFLICT (client_identifier, username) DO UPDATE SET requested_at = now()
         WHERE password_reset_request.requested_at <= now() - make_interval(mins => $3)
       RETURNING 1`,
      [body.clientIdentifier, body.username, RESET_REQUEST_MINUTES],
    );
    if (recorded.length === 0) throw new ApiHttpError(400, 'Client.InvalidLastResetDate');
    await db.query("DELETE FROM password_reset_request WHERE requested_at < now() - interval '1 day'");

    const licensee = await licenseeForHost(db, hostNameOf(request));
    const [member] = await db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = $1 AND m.username = $2 AND c.licensee_uuid = $3
          AND m.archived_at IS NULL AND m.status = 'active'`,
      [body.clientIdentifier, body.username, licensee?.uuid ?? null],
    );
    if (member) {
      try {
        await sendPasswordResetMail({ db, mailer, publicUrl: config.publicUrl }, member.uuid);
      } catch (error) {
        // Logged, never answered: a failure only for real accounts would tell strangers which exist.
        request.log.error({ err: error }, 'password reset mail failed');
      }
    }
    return { ok: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.resetPassword, async ({ body, request, reply }) => {
    await checkRateLimit(db, 'reset-password', [{ subject: request.ip, limit: RATE_LIMITS.resetPasswordPerIp }]);
    if (body.password !== body.passwordConfirmation) throw new ApiHttpError(400, 'Password.ConfirmationMismatch');
    const [row] = await db.query<{
      member_uuid: string;
      client_uuid: string;
      password_hash: string | null;
      expired: boolean;
      used: boolean;
      active: boolean;
      client_deactivated: boolean;
    }>(
      `SELECT t.member_uuid, m.client_uuid, m.password_hash, t.expires_at <= now() AS expired,
              t.used_at IS NOT NULL AS used, (m.archived_at IS NULL AND m.status = 'active') AS active,
              c.deactivated_at IS NOT NULL AS client_deactivated
         FROM password_reset_token t JOIN member m ON m.uuid = t.member_uuid JOIN client c ON c.uuid = m.client_uuid
        WHERE t.token_hash = $1`,
      [hashResetToken(body.token)],
    );
    if (!row || row.used) throw new ApiHttpError(400, 'PasswordResetToken.NotFound');
    if (row.expired) throw new ApiHttpError(400, 'PasswordResetToken.TooOld');
    if (!row.active) throw new ApiHttpError(403, 'Login.Deactivated');
    // Setting the password signs in: not while the licensee has deactivated the company (the link stays unused).
    if (row.client_deactivated) throw new ApiHttpError(403, 'Login.ClientDeactivated');
    if (await isRecentPassword(db, row.member_uuid, row.password_hash, body.password)) {
      throw new ApiHttpError(400, 'Password.AlreadyUsed');
    }
    const token = newToken();
    await db.transaction(async (tx) => {
      // Used exactly once, even when two requests race.
      const consumed = await tx.query(
        'UPDATE password_reset_token SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
        [hashResetToken(body.token)],
      );
      if (consumed.length === 0) throw new ApiHttpError(400, 'PasswordResetToken.NotFound');
      await storeNewPassword(tx, row.member_uuid, row.password_hash, body.password);
      await tx.query('UPDATE password_reset_token SET used_at = now() WHERE member_uuid = $1 AND used_at IS NULL', [
        row.member_uuid,
      ]);
      // Every other session of the member ends; the member is signed in with a new one. A customer adviser's
      // session that rides on this member row (support login) is not the member's and stays.
      await tx.query('DELETE FROM session WHERE member_uuid = $1 AND support_adviser IS NULL', [row.member_uuid]);
      await deleteSession(tx, request.cookies[SESSION_COOKIE]);
      await createSession(tx, row.member_uuid, row.client_uuid, token);
      await tx.query('UPDATE member SET last_login_at = now() WHERE uuid = $1', [row.member_uuid]);
    });
    setSessionCookie(request, reply, token);
    setXsrfCookie(request, reply);
    return { authenticated: true as const };
  });
}
