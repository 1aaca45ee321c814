import { ENDPOINTS, type LicenseeState } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { licenseeForHost } from '../../../core/licensees/licensees';
import { createLicenseeSession, deleteSession } from '../../../core/sessions/sessions';
import { newLicenseeToken, SESSION_COOKIE, setSessionCookie, setXsrfCookie } from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { clearFailedLogins, isLockedOut, licenseeAttemptKey, recordFailedLogin } from '../../auth/loginAttempts';
import { verifyPassword } from '../../auth/passwords';

interface StaffLoginRow {
  uuid: string;
  licensee_uuid: string;
  password_hash: string | null;
  status: string;
}

/**
 * Licensee staff sign-in, under the members' rules (auth/routes.ts): the browser sends the SHA-256 of the password,
 * failures count towards the same lock-out (per licensee identifier and username, existing or not), a new session
 * token at every sign-in, the licensee of the host name only (a white-label partner's staff sign in at its domain).
 */
export function registerLicenseeSignInRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeLogin, async ({ body, request, reply }) => {
    const hostLicensee = await licenseeForHost(db, hostNameOf(request));
    const attemptKey = licenseeAttemptKey(body.licenseeIdentifier);
    if (await isLockedOut(db, attemptKey, body.username)) throw new ApiHttpError(429, 'Login.TooManyAttempts');
    const rows = await db.query<StaffLoginRow>(
      `SELECT st.uuid, st.licensee_uuid, st.password_hash, st.status
         FROM licensee_staff st JOIN licensee l ON l.uuid = st.licensee_uuid
        WHERE l.identifier = $1 AND st.username = $2 AND l.uuid = $3`,
      [body.licenseeIdentifier, body.username, hostLicensee?.uuid ?? null],
    );
    const staff = rows[0];
    const valid = await verifyPassword(body.password, staff?.password_hash ?? null);
    if (!staff || !valid) {
      await recordFailedLogin(db, attemptKey, body.username);
      throw new ApiHttpError(401, 'Login.Failed');
    }
    if (staff.status !== 'active') throw new ApiHttpError(403, 'Login.Deactivated');

    const token = newLicenseeToken();
    await db.transaction(async (tx) => {
      // A new session id at every sign-in; a member session of this browser ends too (one sign-in at a time).
      await deleteSession(tx, request.cookies[SESSION_COOKIE]);
      await createLicenseeSession(tx, staff.uuid, staff.licensee_uuid, token);
      await tx.query('UPDATE licensee_staff SET last_login_at = now() WHERE uuid = $1', [staff.uuid]);
      await clearFailedLogins(tx, attemptKey, body.username);
    });
    setSessionCookie(request, reply, token);
    setXsrfCookie(request, reply);
    return { authenticated: true as const };
  });

  // Read from the session itself (one query per call): the shell's heartbeat of a licensee session too.
  registerEndpoint(
    app,
    db,
    ENDPOINTS.licenseeState,
    async ({ session }): Promise<LicenseeState> => ({
      staff: {
        uuid: session.staffUuid,
        username: session.staff.username,
        firstName: session.staff.firstName,
        lastName: session.staff.lastName,
        email: session.staff.email,
        roleIdentifier: session.role,
        permissions: session.permissions,
        language: session.staff.language,
      },
      licensee: session.licensee,
    }),
  );
}
