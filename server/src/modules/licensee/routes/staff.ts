import { ENDPOINTS, type LicenseeStaff } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
import { isUniqueViolation } from '../../../core/db/errorCodes';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { licenseeForHost } from '../../../core/licensees/licensees';
import type { LicenseeSessionContext } from '../../../core/sessions/sessions';
import { createLicenseeSession } from '../../../core/sessions/sessions';
import { newLicenseeToken } from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { licenseeAttemptKey } from '../../auth/loginAttempts';
import { sendStaffPasswordResetMail, sendStaffWelcomeMail } from '../../auth/passwordReset';
import { recordResetRequest, resetPasswordWithToken } from '../../auth/routes/passwordReset';
import { staffNameOf, writeLicenseeAudit } from '../audit';

const SORT_COLUMNS = {
  name: 'lower(st.last_name), lower(st.first_name)',
  username: 'st.username',
  role: 'st.role',
};

interface StaffRow {
  uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: LicenseeStaff['role'];
  language: LicenseeStaff['language'];
  status: string;
  has_password: boolean;
  last_login_at: unknown;
  created_at: unknown;
}

const STAFF_COLUMNS = `st.uuid, st.username, st.first_name, st.last_name, st.email, st.role, st.language, st.status,
  st.password_hash IS NOT NULL AS has_password, st.last_login_at, st.created_at`;

const FROM_WHERE = `FROM licensee_staff st
  WHERE st.licensee_uuid = $1
    AND ($2::text IS NULL OR st.first_name ILIKE $2 OR st.last_name ILIKE $2 OR st.username ILIKE $2
         OR st.email ILIKE $2 OR (st.first_name || ' ' || st.last_name) ILIKE $2)
    AND ($3::text = 'all' OR st.status = CASE WHEN $3 = 'active' THEN 'active' ELSE 'inactive' END)`;

function staffOf(row: StaffRow): LicenseeStaff {
  return {
    uuid: row.uuid,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    language: row.language,
    active: row.status === 'active',
    hasPassword: row.has_password,
    lastLoginAt: iso(row.last_login_at),
    createdAt: iso(row.created_at) ?? '',
  };
}

/** One staff member of the licensee; another licensee's answers as one that does not exist (404 Staff.NotFound). */
async function staffOfLicensee(db: Queryable, licenseeUuid: string, uuid: string): Promise<LicenseeStaff> {
  const [row] = await db.query<StaffRow>(
    `SELECT ${STAFF_COLUMNS} FROM licensee_staff st WHERE st.uuid = $1 AND st.licensee_uuid = $2`,
    [uuid, licenseeUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Staff.NotFound');
  return staffOf(row);
}

/**
 * Locks the licensee's active licensee admins (row locks, in the caller's transaction) and answers them. Every change
 * that may take an admin away (role, status) holds these locks until its commit: two admins demoting or deactivating
 * each other at the same moment are serialised, and the second sees the first's change (PostgreSQL re-reads a locked
 * row that another transaction changed), so a licensee always keeps an active admin.
 */
async function lockActiveAdmins(tx: Queryable, licenseeUuid: string): Promise<string[]> {
  const rows = await tx.query<{ uuid: string }>(
    `SELECT uuid FROM licensee_staff
      WHERE licensee_uuid = $1 AND role = 'licensee-admin' AND status = 'active'
      ORDER BY uuid FOR NO KEY UPDATE`,
    [licenseeUuid],
  );
  return rows.map((row) => row.uuid);
}

function auditTarget(staff: LicenseeStaff) {
  return { staff: { uuid: staff.uuid, username: staff.username, name: `${staff.firstName} ${staff.lastName}` } };
}

/** A change of one staff member: role or status, under the last-admin rule, with its audit entry. */
async function changeStaff(
  db: Database,
  session: LicenseeSessionContext,
  uuid: string,
  change: { role: LicenseeStaff['role'] } | { active: boolean },
): Promise<LicenseeStaff> {
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx, session.licenseeUuid);
    const before = await staffOfLicensee(tx, session.licenseeUuid, uuid);
    if ('active' in change && !change.active && uuid === session.staffUuid) {
      throw new ApiHttpError(409, 'Staff.SelfDeactivation');
    }
    const losesAdmin = admins.includes(uuid) && ('role' in change ? change.role !== 'licensee-admin' : !change.active);
    if (losesAdmin && admins.length <= 1) throw new ApiHttpError(409, 'Staff.LastAdmin');
    if ('role' in change) {
      await tx.query('UPDATE licensee_staff SET role = $3 WHERE uuid = $1 AND licensee_uuid = $2', [
        uuid,
        session.licenseeUuid,
        change.role,
      ]);
    } else {
      await tx.query('UPDATE licensee_staff SET status = $3 WHERE uuid = $1 AND licensee_uuid = $2', [
        uuid,
        session.licenseeUuid,
        change.active ? 'active' : 'inactive',
      ]);
      // A deactivated staff member's console sessions end now (their next call answers 401), and so do the support
      // sessions he has open in clients' dashboards.
      if (!change.active) {
        await tx.query('DELETE FROM licensee_session WHERE staff_uuid = $1', [uuid]);
        const running = await tx.query<{ uuid: string }>(
          `SELECT uuid FROM licensee_support_session
            WHERE staff_uuid = $1 AND ended_at IS NULL AND expires_at > now()`,
          [uuid],
        );
        for (const { uuid: sessionUuid } of running) {
          await tx.query(
            `UPDATE licensee_support_session SET ended_at = now(), ended_by_staff_uuid = $2, ended_by = $3
              WHERE uuid = $1`,
            [sessionUuid, session.staffUuid, staffNameOf(session)],
          );
          await tx.query('DELETE FROM session WHERE support_session_uuid = $1', [sessionUuid]);
        }
      }
    }
    const after = await staffOfLicensee(tx, session.licenseeUuid, uuid);
    if ('role' in change && before.role !== after.role) {
      await writeLicenseeAudit(tx, session, {
        action: 'staff.role',
        client: null,
        before: { ...auditTarget(before), role: before.role },
        after: { ...auditTarget(after), role: after.role },
      });
    }
    if ('active' in change && before.active !== after.active) {
      await writeLicenseeAudit(tx, session, {
        action: after.active ? 'staff.reactivate' : 'staff.deactivate',
        client: null,
        before: { ...auditTarget(before), active: before.active },
        after: { ...auditTarget(after), active: after.active },
      });
    }
    return after;
  });
}

/**
 * The licensee's own staff (licensee admins only): list, create (welcome mail with a set-password link, as a new
 * member's), change role, deactivate and reactivate, every change in the licensee's audit; and the staff members'
 * forgotten password (public, the members' rules and code: auth/routes/passwordReset.ts).
 */
export function registerLicenseeStaffRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeStaffList, async ({ body, session }) => {
    const search = body.filter.search ? likePattern(body.filter.search) : null;
    const { rows, total } = await readTablePage<StaffRow>(db, {
      select: `SELECT ${STAFF_COLUMNS} ${FROM_WHERE}`,
      count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
      params: [session.licenseeUuid, search, body.filter.status],
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'st.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(staffOf), total };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeStaffCreate, async ({ body, session }) => {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .query<{ uuid: string }>(
          `INSERT INTO licensee_staff (licensee_uuid, username, role, email, first_name, last_name, language)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING uuid`,
          [session.licenseeUuid, body.username, body.role, body.email, body.firstName, body.lastName, body.language],
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Username.AlreadyExists');
          throw error;
        });
      if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
      const staff = await staffOfLicensee(tx, session.licenseeUuid, row.uuid);
      await writeLicenseeAudit(tx, session, {
        action: 'staff.create',
        client: null,
        before: null,
        after: { ...auditTarget(staff), email: staff.email, role: staff.role, language: staff.language },
      });
      return staff;
    });
    // After the commit, as for a new client's super-admin: a mail server that refuses does not undo the staff member,
    // the answer says so (a reset can be asked for on the sign-in page).
    let welcomeMailSent = false;
    try {
      await sendStaffWelcomeMail({ db, mailer: app.mailer, publicUrl: config.publicUrl }, created.uuid);
      welcomeMailSent = true;
    } catch (error) {
      app.log.warn({ err: error, staff: created.uuid }, 'welcome mail of a new licensee staff member not sent');
    }
    return { uuid: created.uuid, welcomeMailSent };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeStaffSetRole, async ({ body, session }) =>
    changeStaff(db, session, body.uuid, { role: body.role }),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeStaffSetStatus, async ({ body, session }) =>
    changeStaff(db, session, body.uuid, { active: body.active }),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeCreatePasswordResetToken, async ({ body, request }) => {
    await recordResetRequest(db, request, licenseeAttemptKey(body.licenseeIdentifier), body.username);
    const licensee = await licenseeForHost(db, hostNameOf(request));
    const [staff] = await db.query<{ uuid: string }>(
      `SELECT st.uuid FROM licensee_staff st JOIN licensee l ON l.uuid = st.licensee_uuid
        WHERE l.identifier = $1 AND st.username = $2 AND l.uuid = $3 AND st.status = 'active'`,
      [body.licenseeIdentifier, body.username, licensee?.uuid ?? null],
    );
    if (staff) {
      try {
        await sendStaffPasswordResetMail({ db, mailer: app.mailer, publicUrl: config.publicUrl }, staff.uuid);
      } catch (error) {
        // Logged, never answered: a failure only for real accounts would tell strangers which exist.
        request.log.error({ err: error }, 'licensee staff password reset mail failed');
      }
    }
    return { ok: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeResetPassword, async ({ body, request, reply }) =>
    resetPasswordWithToken(db, request, reply, body, {
      findToken: async (tokenHash) => {
        const [row] = await db.query<{
          owner_uuid: string;
          scope_uuid: string;
          password_hash: string | null;
          expired: boolean;
          used: boolean;
          active: boolean;
        }>(
          `SELECT t.staff_uuid AS owner_uuid, st.licensee_uuid AS scope_uuid, st.password_hash,
                  t.expires_at <= now() AS expired, t.used_at IS NOT NULL AS used, st.status = 'active' AS active
             FROM password_reset_token t JOIN licensee_staff st ON st.uuid = t.staff_uuid
            WHERE t.token_hash = $1`,
          [tokenHash],
        );
        return row;
      },
      account: (row) => ({ staffUuid: row.owner_uuid }),
      newSessionToken: newLicenseeToken,
      signIn: async (tx, row, sessionToken) => {
        // Every other console session of the staff member ends; this browser is signed in to the console.
        await tx.query('DELETE FROM licensee_session WHERE staff_uuid = $1', [row.owner_uuid]);
        await createLicenseeSession(tx, row.owner_uuid, row.scope_uuid, sessionToken);
        await tx.query('UPDATE licensee_staff SET last_login_at = now() WHERE uuid = $1', [row.owner_uuid]);
      },
    }),
  );
}
