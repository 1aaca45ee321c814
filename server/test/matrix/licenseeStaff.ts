import { hashPassword } from '@dash/shared-core';
import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { issuePasswordToken } from '../../src/modules/auth/passwordReset';
import { type MatrixEntry, tableDefaults } from './types';

/** The licensee admin's: a support adviser neither reads nor changes the staff, nor ends others' sessions. */
const ADVISER = ['dashboard/berater'] as const;

/** Rows the entries below use, made by `setup` (loadMatrixIds) on the matrix's database. */
const staffIds = {
  /** The default licensee's admin (the valid calls' caller) and a spare adviser the role and status calls change. */
  admin: '',
  spare: '',
  /** The partner licensee's adviser: another licensee's staff member. */
  foreign: '',
  /** Running support sessions of the default licensee (each valid end takes one), one of the partner's, one ended. */
  running: [] as string[],
  foreignSession: '',
  endedSession: '',
  /** Reset tokens of spare staff members, one per staff member (a new token ends the staff member's others). */
  resetTokens: [] as string[],
  writesResetTokens: [] as string[],
};

async function one(db: Database, sql: string, params: unknown[] = []): Promise<string> {
  const [row] = await db.query<{ uuid: string }>(sql, params);
  if (!row) throw new Error(`no row for ${sql}`);
  return row.uuid;
}

const DASHBOARD = "(SELECT uuid FROM licensee WHERE identifier = 'dashboard')";

async function setupStaff(db: Database): Promise<void> {
  if (staffIds.admin) return;
  staffIds.admin = await one(db, "SELECT uuid FROM licensee_staff WHERE username = 'lizenz.admin'");
  staffIds.foreign = await one(db, "SELECT uuid FROM licensee_staff WHERE username = 'adviser'");
  staffIds.spare = await one(
    db,
    `INSERT INTO licensee_staff (licensee_uuid, username, role, email, first_name, last_name)
     VALUES (${DASHBOARD}, 'matrix.spare', 'support-adviser', 'spare@dashboard.example.com', 'Matrix', 'Spare')
     RETURNING uuid`,
  );
  const session = (licensee: string, staff: string, client: string, ended: boolean) =>
    one(
      db,
      `INSERT INTO licensee_support_session (licensee_uuid, staff_uuid, client_uuid, adviser, reason, expires_at,
                                             ended_at)
       SELECT l.uuid, st.uuid, c.uuid, 'Matrix Berater', 'Matrix', now() + interval '1 hour',
              CASE WHEN $4 THEN now() END
         FROM licensee l, licensee_staff st, client c
        WHERE l.identifier = $1 AND st.username = $2 AND c.identifier = $3 RETURNING uuid`,
      [licensee, staff, client, ended],
    );
  for (let index = 0; index < 8; index += 1) {
    staffIds.running.push(await session('dashboard', 'berater', 'globex', false));
  }
  staffIds.foreignSession = await session('safeguard', 'adviser', 'initech', false);
  staffIds.endedSession = await session('dashboard', 'berater', 'globex', true);
  for (let index = 0; index < 8; index += 1) {
    const uuid = await one(
      db,
      `INSERT INTO licensee_staff (licensee_uuid, username, role, email, first_name, last_name)
       VALUES (${DASHBOARD}, $1, 'support-adviser', $2, 'Matrix', 'Reset') RETURNING uuid`,
      [`matrix.reset${index}`, `reset${index}@dashboard.example.com`],
    );
    const token = await issuePasswordToken(db, { staffUuid: uuid }, 'reset', 2);
    (index < 2 ? staffIds.writesResetTokens : staffIds.resetTokens).push(token);
  }
}

const staffRows = (db: Database) =>
  db.query('SELECT licensee_uuid, username, role, status FROM licensee_staff ORDER BY licensee_uuid, username');
const supportSessionEnds = (db: Database) =>
  db.query('SELECT uuid, ended_at, ended_by FROM licensee_support_session ORDER BY uuid');
const staffPasswordsAndTokens = async (db: Database) => ({
  passwords: await db.query('SELECT uuid, password_hash FROM licensee_staff ORDER BY uuid'),
  tokens: await db.query('SELECT token_hash, used_at FROM password_reset_token ORDER BY token_hash'),
});

let created = 0;
const newStaff = () => ({
  firstName: 'Nina',
  lastName: 'Neu',
  email: `nina.neu${++created}@dashboard.example.com`,
  username: `nina.neu${created}`,
  language: 'de_DE',
  role: 'support-adviser',
});

const resetBody = (token: string, password: string) => ({
  token,
  password: hashPassword(password),
  passwordConfirmation: hashPassword(password),
});

const RESET_REQUEST_NAME = `matrix-writes-${crypto.randomUUID()}`;

/**
 * The licensee's staff (list, create, role, status), its staff's forgotten password, and support sessions ended early
 * (by a licensee admin from the console, by the adviser from the banner). Another licensee's staff member or session
 * answers as one that does not exist.
 */
export const LICENSEE_STAFF_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/licensee/staff/list': {
    access: 'licensee',
    endpoint: 'licenseeStaffList',
    setup: setupStaff,
    sample: () => ({ ...tableDefaults, sortBy: 'name', filter: { status: 'active' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'password_hash' },
      { ...tableDefaults, filter: { status: 'deleted' } },
      { ...tableDefaults, filter: { licenseeUuid: '00000000-0000-4000-8000-000000000000' } },
    ],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      const { items } = response.json() as { items: Array<{ username: string }> };
      const names = items.map((item) => item.username);
      expect(names).toContain('berater');
      expect(names).not.toContain('partner.admin');
      expect(names).not.toContain('adviser');
    },
  },
  'POST /api/licensee/staff/create': {
    access: 'licensee',
    endpoint: 'licenseeStaffCreate',
    sample: newStaff,
    validated: true,
    malformed: () => [
      { ...newStaff(), role: 'super-admin' },
      { ...newStaff(), email: 'not-an-address' },
      { ...newStaff(), username: 'x' },
      { ...newStaff(), licenseeUuid: '00000000-0000-4000-8000-000000000000' },
      { ...newStaff(), firstName: '' },
    ],
    forbiddenFor: ADVISER,
    writes: {
      snapshot: staffRows,
      changing: newStaff,
      rejected: [{ body: () => ({ ...newStaff(), username: 'berater' }), status: 409, code: 'Username.AlreadyExists' }],
      restore: newStaff,
    },
  },
  'POST /api/licensee/staff/set-role': {
    access: 'licensee',
    endpoint: 'licenseeStaffSetRole',
    sample: () => ({ uuid: staffIds.spare, role: 'support-adviser' }),
    validated: true,
    malformed: () => [
      { uuid: staffIds.spare, role: 'super-admin' },
      { uuid: 'not-a-uuid', role: 'support-adviser' },
      { uuid: staffIds.spare },
    ],
    forbiddenFor: ADVISER,
    otherClientUuid: {
      foreign: () => staffIds.foreign,
      request: (uuid) => ({ input: { uuid, role: 'licensee-admin' } }),
      status: 404,
      code: 'Staff.NotFound',
    },
    writes: {
      snapshot: staffRows,
      changing: () => ({ uuid: staffIds.spare, role: 'licensee-admin' }),
      rejected: [
        // lizenz.admin is the default licensee's only active admin while the spare is an adviser.
        {
          body: () => ({ uuid: staffIds.admin, role: 'support-adviser' }),
          status: 409,
          code: 'Staff.LastAdmin',
        },
        {
          body: () => ({ uuid: staffIds.foreign, role: 'licensee-admin' }),
          status: 404,
          code: 'Staff.NotFound',
        },
      ],
    },
  },
  'POST /api/licensee/staff/set-status': {
    access: 'licensee',
    endpoint: 'licenseeStaffSetStatus',
    sample: () => ({ uuid: staffIds.spare, active: true }),
    validated: true,
    malformed: () => [{ uuid: staffIds.spare, active: 'no' }, { uuid: staffIds.spare }, { active: false }],
    forbiddenFor: ADVISER,
    otherClientUuid: {
      foreign: () => staffIds.foreign,
      request: (uuid) => ({ input: { uuid, active: false } }),
      status: 404,
      code: 'Staff.NotFound',
    },
    writes: {
      snapshot: staffRows,
      changing: () => ({ uuid: staffIds.spare, active: false }),
      rejected: [
        { body: () => ({ uuid: staffIds.admin, active: false }), status: 409, code: 'Staff.SelfDeactivation' },
        { body: () => ({ uuid: staffIds.foreign, active: false }), status: 404, code: 'Staff.NotFound' },
      ],
    },
  },
  'POST /api/licensee/support/end': {
    access: 'licensee',
    endpoint: 'licenseeSupportEnd',
    // The first running session until the valid call has ended it (every other call of the matrix is refused).
    sample: () => ({ uuid: staffIds.running[0] ?? 'no-running-session-left' }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}, { uuid: staffIds.endedSession, endedBy: 'Someone' }],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      const body = response.json() as { running: boolean; endedBy: string; endedAt: string };
      expect(body).toMatchObject({ running: false, endedBy: 'Lena Lizenz' });
      staffIds.running.shift();
    },
    otherClientUuid: {
      foreign: () => staffIds.foreignSession,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'SupportSession.NotFound',
    },
    writes: {
      snapshot: supportSessionEnds,
      changing: () => ({ uuid: staffIds.running[0] ?? 'no-running-session-left' }),
      restore: () => ({ uuid: staffIds.running[1] ?? 'no-running-session-left' }),
      rejected: [
        { body: () => ({ uuid: staffIds.endedSession }), status: 409, code: 'SupportSession.NotRunning' },
        { body: () => ({ uuid: staffIds.foreignSession }), status: 404, code: 'SupportSession.NotFound' },
      ],
    },
  },
  'POST /api/support/end': {
    access: 'public',
    endpoint: 'supportEnd',
    // Signed out (and for a session that is no support session) nothing ends: the answer says so.
    sample: () => ({}),
    expectValid: (response) => expect(response.json()).toEqual({ redirectTo: null }),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/licensee/createpasswordresettoken': {
    access: 'public',
    endpoint: 'licenseeCreatePasswordResetToken',
    sample: () => ({ licenseeIdentifier: 'dashboard', username: `nobody-${crypto.randomUUID()}` }),
    expectValid: (response) => expect(response.json()).toEqual({ ok: true }),
    validated: true,
    malformed: () => [
      { licenseeIdentifier: 'dashboard' },
      { licenseeIdentifier: 'dashboard', username: 42 },
      { licenseeIdentifier: '', username: 'berater' },
      { licenseeIdentifier: 'x'.repeat(65), username: 'berater' },
      { clientIdentifier: 'acme', username: 'berater' },
    ],
    forbiddenFor: null,
    writes: {
      snapshot: (db) =>
        db.query('SELECT client_identifier, username FROM password_reset_request ORDER BY client_identifier, username'),
      changing: () => ({ licenseeIdentifier: 'dashboard', username: RESET_REQUEST_NAME }),
    },
  },
  'POST /api/licensee/resetpassword': {
    access: 'public',
    endpoint: 'licenseeResetPassword',
    sample: () => {
      const password = hashPassword(`Matrix#${crypto.randomUUID()}`);
      return {
        token: staffIds.resetTokens.shift() ?? 'no-token-left-in-the-pool',
        password,
        passwordConfirmation: password,
      };
    },
    expectValid: (response) => {
      const session = response.cookies.find((cookie) => cookie.name === 'SESSION');
      expect(session?.value.startsWith('lic.')).toBe(true);
    },
    validated: true,
    malformed: () => [
      { token: 'short', password: hashPassword('a'), passwordConfirmation: hashPassword('a') },
      { token: 'x'.repeat(43), password: 'Plain#2026', passwordConfirmation: 'Plain#2026' },
      { token: 'x'.repeat(43), password: hashPassword('a') },
    ],
    forbiddenFor: null,
    writes: {
      snapshot: staffPasswordsAndTokens,
      changing: () => resetBody(staffIds.writesResetTokens[0] ?? 'no-token-for-writes', 'Matrix#Reset1'),
      rejected: [
        {
          body: () => ({
            token: staffIds.writesResetTokens[0] ?? 'no-token-for-writes',
            password: hashPassword('Matrix#Reset1'),
            passwordConfirmation: hashPassword('Matrix#Reset2'),
          }),
          status: 400,
          code: 'Password.ConfirmationMismatch',
        },
        { body: () => resetBody('x'.repeat(43), 'Matrix#Reset1'), status: 400, code: 'PasswordResetToken.NotFound' },
      ],
      restore: () => resetBody(staffIds.writesResetTokens[1] ?? 'no-token-for-writes', 'Matrix#Reset2'),
    },
  },
};
