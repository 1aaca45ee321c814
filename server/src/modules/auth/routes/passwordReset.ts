import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
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
  type PasswordAccount,
  RESET_REQUEST_MINUTES,
  sendPasswordResetMail,
  storeNewPassword,
} from '../passwordReset';
import { checkRateLimit, RATE_LIMITS } from '../rateLimit';

/**
 * A forgotten-password request's rules, for members and licensee staff alike: the per-IP rate limit, then the
 * 10-minute rule per account name (`accountKey`: a company ID, or `licensee:<identifier>` as in loginAttempts.ts),
 * counted whether or not the account exists, so the answer (200 or 400 Client.InvalidLastResetDate) never tells
 * strangers which accounts are real.
 */
export async function recordResetRequest(
  db: Database,
  request: FastifyRequest,
  accountKey: string,
  username: string,
): Promise<void> {
  await checkRateLimit(db, 'password-reset-request', [
    { subject: request.ip, limit: RATE_LIMITS.passwordResetRequestPerIp },
  ]);
  const recorded = await db.query(
    `INSERT INTO password_reset_request (client_identifier, username) VALUES ($1, $2)
     ON CONFLICT (client_identifier, username) DO UPDATE SET requested_at = now()
       WHERE password_reset_request.requested_at <= now() - make_interval(mins => $3)
     RETURNING 1`,
    [accountKey, username, RESET_REQUEST_MINUTES],
  );
  if (recorded.length === 0) throw new ApiHttpError(400, 'Client.InvalidLastResetDate');
  await db.query("DELETE FROM password_reset_request WHERE requested_at < now() - interval '1 day'");
}

/** What a token's account query answers (`owner_uuid`: the member or staff member; `scope_uuid`: client or licensee). */
export interface ResetTokenRow {
  owner_uuid: string;
  scope_uuid: string;
  password_hash: string | null;
  expired: boolean;
  used: boolean;
  active: boolean;
}

/**
 * Sets a password with a reset or welcome link's token, for either kind of account: the per-IP rate limit, the
 * confirmation, the token (only its SHA-256 is stored; unknown or used: NotFound, expired: TooOld), the account's
 * state (`refuse` adds a kind's own rule), the history; then, in one transaction, the token used exactly once (also
 * when two requests race), the password stored, the account's other tokens and sessions ended and a new session
 * (`signIn`) started in this browser.
 */
export async function resetPasswordWithToken<Row extends ResetTokenRow>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { token: string; password: string; passwordConfirmation: string },
  kind: {
    findToken: (tokenHash: string) => Promise<Row | undefined>;
    account: (row: Row) => PasswordAccount;
    refuse?: (row: Row) => void;
    /** Ends the account's other sessions, starts the new one (token of `newSessionToken`) and notes the sign-in. */
    signIn: (tx: Queryable, row: Row, sessionToken: string) => Promise<void>;
    newSessionToken: () => string;
  },
): Promise<{ authenticated: true }> {
  await checkRateLimit(db, 'reset-password', [{ subject: request.ip, limit: RATE_LIMITS.resetPasswordPerIp }]);
  if (body.password !== body.passwordConfirmation) throw new ApiHttpError(400, 'Password.ConfirmationMismatch');
  const tokenHash = hashResetToken(body.token);
  const row = await kind.findToken(tokenHash);
  if (!row || row.used) throw new ApiHttpError(400, 'PasswordResetToken.NotFound');
  if (row.expired) throw new ApiHttpError(400, 'PasswordResetToken.TooOld');
  if (!row.active) throw new ApiHttpError(403, 'Login.Deactivated');
  kind.refuse?.(row);
  const account = kind.account(row);
  if (await isRecentPassword(db, account, row.password_hash, body.password)) {
    throw new ApiHttpError(400, 'Password.AlreadyUsed');
  }
  const sessionToken = kind.newSessionToken();
  await db.transaction(async (tx) => {
    // Used exactly once, even when two requests race.
    const consumed = await tx.query(
      'UPDATE password_reset_token SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1',
      [tokenHash],
    );
    if (consumed.length === 0) throw new ApiHttpError(400, 'PasswordResetToken.NotFound');
    await storeNewPassword(tx, account, row.password_hash, body.password);
    // The account's other links end with this one (issuePasswordToken ends them the same way).
    await tx.query(
      `UPDATE password_reset_token SET used_at = now()
        WHERE used_at IS NULL AND (member_uuid = $1 OR staff_uuid = $1)`,
      [row.owner_uuid],
    );
    await deleteSession(tx, request.cookies[SESSION_COOKIE]);
    await kind.signIn(tx, row, sessionToken);
  });
  setSessionCookie(request, reply, sessionToken);
  setXsrfCookie(request, reply);
  return { authenticated: true as const };
}

/** Forgotten password and set password (the reset and welcome mails' links). */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  mailer: Mailer,
): void {
  registerEndpoint(app, db, ENDPOINTS.createPasswordResetToken, async ({ body, request }) => {
    await recordResetRequest(db, request, body.clientIdentifier, body.username);
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

  registerEndpoint(app, db, ENDPOINTS.resetPassword, async ({ body, request, reply }) =>
    resetPasswordWithToken(db, request, reply, body, {
      findToken: async (tokenHash) => {
        const [row] = await db.query<ResetTokenRow & { client_deactivated: boolean }>(
          `SELECT t.member_uuid AS owner_uuid, m.client_uuid AS scope_uuid, m.password_hash,
                  t.expires_at <= now() AS expired, t.used_at IS NOT NULL AS used,
                  (m.archived_at IS NULL AND m.status = 'active') AS active,
                  c.deactivated_at IS NOT NULL AS client_deactivated
             FROM password_reset_token t JOIN member m ON m.uuid = t.member_uuid JOIN client c ON c.uuid = m.client_uuid
            WHERE t.token_hash = $1`,
          [tokenHash],
        );
        return row;
      },
      account: (row) => row.owner_uuid,
      refuse: (row) => {
        // Setting the password signs in: not while the licensee has deactivated the company (the link stays unused).
        if (row.client_deactivated) throw new ApiHttpError(403, 'Login.ClientDeactivated');
      },
      newSessionToken: newToken,
      signIn: async (tx, row, sessionToken) => {
        // Every other session of the member ends; the member is signed in with a new one. A customer adviser's
        // session that rides on this member row (support login) is not the member's and stays.
        await tx.query('DELETE FROM session WHERE member_uuid = $1 AND support_adviser IS NULL', [row.owner_uuid]);
        await createSession(tx, row.owner_uuid, row.scope_uuid, sessionToken);
        await tx.query('UPDATE member SET last_login_at = now() WHERE uuid = $1', [row.owner_uuid]);
      },
    }),
  );
}
