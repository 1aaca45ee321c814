import { LANGUAGES } from '@dash/shared-core';
import { ENDPOINTS, type ProfileSetting } from '@dash/shared-core/contract';
import { phoneNumber } from '@dash/shared-core/phone';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { isUniqueViolation } from '../../core/db/errorCodes';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint, type SessionHandlerContext } from '../../http/route';
import { isRecentPassword, storeNewPassword } from '../auth/passwordReset';
import { verifyPassword } from '../auth/passwords';
import { checkRateLimit, RATE_LIMITS } from '../auth/rateLimit';

/** Password and username changes: never from a support session (it acts on another member's row). */
async function ownAccountChange(
  db: Database,
  { session, request }: Pick<SessionHandlerContext<unknown>, 'session' | 'request'>,
  currentPassword: string,
): Promise<{ username: string; passwordHash: string | null }> {
  if (session.support) throw new ApiHttpError(403, 'Auth.Forbidden');
  await checkRateLimit(db, 'password-change', [
    { subject: `member:${session.memberUuid}`, limit: RATE_LIMITS.passwordChangePerAccount },
    { subject: `ip:${request.ip}`, limit: RATE_LIMITS.passwordChangePerIp },
  ]);
  const [row] = await db.query<{ username: string; password_hash: string | null }>(
    'SELECT username, password_hash FROM member WHERE uuid = $1 AND client_uuid = $2',
    [session.memberUuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
  if (!(await verifyPassword(currentPassword, row.password_hash))) throw new ApiHttpError(400, 'Password.Invalid');
  return { username: row.username, passwordHash: row.password_hash };
}

export function registerProfileRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.profileUpdate, async ({ body, session }) => {
    if (body.phoneNumber && phoneNumber(body.phoneNumber)) throw new ApiHttpError(400, 'Member.InvalidPhone');
    if (body.mobileNumber && phoneNumber(body.mobileNumber)) throw new ApiHttpError(400, 'Member.InvalidMobile');
    const rows = await db.query<{
      email: string | null;
      first_name: string;
      last_name: string;
      phone_number: string | null;
      mobile_number: string | null;
    }>(
      `UPDATE member SET email = $3, first_name = $4, last_name = $5, phone_number = $6, mobile_number = $7
        WHERE uuid = $1 AND client_uuid = $2
        RETURNING email, first_name, last_name, phone_number, mobile_number`,
      [
        session.memberUuid,
        session.clientUuid,
        body.email,
        body.firstName,
        body.lastName,
        body.phoneNumber,
        body.mobileNumber,
      ],
    );
    const row = rows[0];
    if (!row) throw new ApiHttpError(404, 'Member.NotFound');
    return {
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phoneNumber: row.phone_number,
      mobileNumber: row.mobile_number,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.profileChangePassword, async ({ body, session, request }) => {
    if (body.new !== body.newCheck) throw new ApiHttpError(400, 'Password.ConfirmationMismatch');
    const current = await ownAccountChange(db, { session, request }, body.old);
    if (await isRecentPassword(db, session.memberUuid, current.passwordHash, body.new)) {
      throw new ApiHttpError(400, 'Password.AlreadyUsed');
    }
    await db.transaction(async (tx) => {
      await storeNewPassword(tx, session.memberUuid, current.passwordHash, body.new);
      // The member's other sessions end; this one stays signed in (and so does a customer adviser's session that
      // rides on this member row: it is not the member's).
      await tx.query('DELETE FROM session WHERE member_uuid = $1 AND token_hash <> $2 AND support_adviser IS NULL', [
        session.memberUuid,
        session.tokenHash,
      ]);
      await tx.query('UPDATE password_reset_token SET used_at = now() WHERE member_uuid = $1 AND used_at IS NULL', [
        session.memberUuid,
      ]);
    });
    return { ok: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.profileChangeUsername, async ({ body, session, request }) => {
    const current = await ownAccountChange(db, { session, request }, body.password);
    if (body.username !== current.username) throw new ApiHttpError(400, 'Member.Invalid');
    if (body.newUsername === current.username) return { username: current.username };
    if (await usernameTaken(db, session.clientUuid, body.newUsername, session.memberUuid)) {
      throw new ApiHttpError(409, 'Username.AlreadyExists');
    }
    try {
      await db.query('UPDATE member SET username = $3 WHERE uuid = $1 AND client_uuid = $2', [
        session.memberUuid,
        session.clientUuid,
        body.newUsername,
      ]);
    } catch (error) {
      // Two members taking the same name at once: the unique index decides.
      if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Username.AlreadyExists');
      throw error;
    }
    return { username: body.newUsername };
  });

  registerEndpoint(app, db, ENDPOINTS.profileCheckUsername, async ({ body, session }) => ({
    usernameExists: await usernameTaken(db, session.clientUuid, body.username, session.memberUuid),
  }));

  registerEndpoint(app, db, ENDPOINTS.profileReadOrgUnitList, async ({ session }) => {
    const rows = await db.query<{
      uuid: string;
      name: string;
      is_root: boolean;
      parent_name: string | null;
      is_admin: boolean;
    }>(
      `SELECT o.uuid, o.name, o.is_root, p.name AS parent_name,
              EXISTS (SELECT 1 FROM org_unit_admin a WHERE a.org_unit_uuid = o.uuid AND a.member_uuid = $1) AS is_admin
         FROM org_unit o LEFT JOIN org_unit p ON p.uuid = o.parent_uuid
        WHERE o.client_uuid = $2
          AND (EXISTS (SELECT 1 FROM org_unit_membership om WHERE om.org_unit_uuid = o.uuid AND om.member_uuid = $1)
               OR EXISTS (SELECT 1 FROM org_unit_admin a WHERE a.org_unit_uuid = o.uuid AND a.member_uuid = $1))
        ORDER BY o.is_root DESC, o.name, o.uuid`,
      [session.memberUuid, session.clientUuid],
    );
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        orgUnitName: row.name,
        isRoot: row.is_root,
        parentName: row.parent_name,
        isAdmin: row.is_admin,
      })),
      total: rows.length,
    };
  });

  // From the session query, which reads the member's settings with the session: no query of its own.
  registerEndpoint(app, db, ENDPOINTS.profileReadSetting, async ({ session }) => ({
    frontendStyle: { theme: session.settings.theme },
    languageCode: session.settings.language,
    availableLanguages: [...LANGUAGES],
  }));

  registerEndpoint(app, db, ENDPOINTS.profileUpdateSetting, async ({ body, session }) => {
    await db.query('UPDATE member SET theme = $2, language = $3 WHERE uuid = $1 AND client_uuid = $4', [
      session.memberUuid,
      body.frontendStyle.theme,
      body.languageCode,
      session.clientUuid,
    ]);
    return readSetting(db, session.memberUuid);
  });
}

async function readSetting(db: Database, memberUuid: string): Promise<ProfileSetting> {
  const rows = await db.query<{ theme: 'light' | 'dark' | null; language: 'de_DE' | 'en_GB' }>(
    'SELECT theme, language FROM member WHERE uuid = $1',
    [memberUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Member.NotFound');
  return {
    frontendStyle: { theme: row.theme },
    languageCode: row.language,
    availableLanguages: [...LANGUAGES],
  };
}

/** Usernames are unique per client; the member's own name does not count as taken. */
async function usernameTaken(db: Database, clientUuid: string, username: string, ownUuid: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM member WHERE client_uuid = $1 AND username = $2 AND uuid <> $3', [
    clientUuid,
    username,
    ownUuid,
  ]);
  return rows.length > 0;
}
