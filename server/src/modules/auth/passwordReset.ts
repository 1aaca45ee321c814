import { createHash } from 'node:crypto';
import type { Queryable } from '../../core/db/database';
import { LICENSEE_HOST_NAMES } from '../../core/licensees/licensees';
import type { Mailer } from '../../core/mail/mailer';
import { type AccountMailKind, type MailLanguage, renderAccountMail } from '../../core/mail/templates';
import { newToken } from '../../http/cookies';
import { ApiHttpError } from '../../http/errors';
import { hashPasswordForStorage, verifyPassword } from './passwords';

/** A reset link works for 2 hours, a welcome link (new member, password mode byEmail) for 7 days. */
export const RESET_TOKEN_HOURS = 2;
export const WELCOME_TOKEN_HOURS = 7 * 24;
/** A reset may be requested once per 10 minutes per account (spec sections 4 and 9). */
export const RESET_REQUEST_MINUTES = 10;
/** A new password must differ from the current one and the last ones before it. */
export const PASSWORD_HISTORY_SIZE = 5;

export interface MailServices {
  db: Queryable;
  mailer: Mailer;
  publicUrl: string;
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** PUBLIC_URL, with the licensee's own host name for white-label licensees (their branding opens the link). */
export function linkBase(publicUrl: string, licenseeHostNames: string[], isDefaultLicensee: boolean): string {
  const base = new URL(publicUrl);
  const host = licenseeHostNames[0];
  if (!isDefaultLicensee && host) base.hostname = host;
  return base.toString().replace(/\/$/, '');
}

interface MailMemberRow {
  uuid: string;
  client_uuid: string;
  email: string | null;
  first_name: string;
  last_name: string;
  language: MailLanguage;
  client_name: string;
  client_identifier: string;
  username: string;
  licensee_name: string;
  notification_footer_email: string | null;
  host_names: string[];
  is_default: boolean;
}

async function mailMember(db: Queryable, memberUuid: string): Promise<MailMemberRow | undefined> {
  const rows = await db.query<MailMemberRow>(
    `SELECT m.uuid, m.client_uuid, m.email, m.first_name, m.last_name, m.language, m.username, c.name AS client_name,
            c.identifier AS client_identifier,
            l.name AS licensee_name, l.notification_footer_email, ${LICENSEE_HOST_NAMES} AS host_names, l.is_default
       FROM member m JOIN client c ON c.uuid = m.client_uuid JOIN licensee l ON l.uuid = c.licensee_uuid
      WHERE m.uuid = $1`,
    [memberUuid],
  );
  return rows[0];
}

/**
 * Whose password a token sets or a history row keeps: a client's member (a uuid alone, as most callers have it) or a
 * licensee staff member (licensee console, migration 032). Both kinds share the tokens, the history and these rules.
 */
export type PasswordAccount = string | { staffUuid: string };

/** The owner column and value of an account: the SQL texts below stay fixed (one per kind), values are parameters. */
function ownerOf(account: PasswordAccount): { staff: boolean; uuid: string } {
  return typeof account === 'string' ? { staff: false, uuid: account } : { staff: true, uuid: account.staffUuid };
}

const TOKEN_SQL = {
  endOthers: {
    member: 'UPDATE password_reset_token SET used_at = now() WHERE member_uuid = $1 AND used_at IS NULL',
    staff: 'UPDATE password_reset_token SET used_at = now() WHERE staff_uuid = $1 AND used_at IS NULL',
  },
  insert: {
    member: `INSERT INTO password_reset_token (token_hash, member_uuid, purpose, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    staff: `INSERT INTO password_reset_token (token_hash, staff_uuid, purpose, expires_at)
            VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
  },
  history: {
    member: 'SELECT password_hash FROM password_history WHERE member_uuid = $1 ORDER BY id DESC LIMIT $2',
    staff: 'SELECT password_hash FROM password_history WHERE staff_uuid = $1 ORDER BY id DESC LIMIT $2',
  },
  setPassword: {
    member: 'UPDATE member SET password_hash = $2 WHERE uuid = $1',
    staff: 'UPDATE licensee_staff SET password_hash = $2 WHERE uuid = $1',
  },
  keepOld: {
    member: 'INSERT INTO password_history (member_uuid, password_hash) VALUES ($1, $2)',
    staff: 'INSERT INTO password_history (staff_uuid, password_hash) VALUES ($1, $2)',
  },
  trimHistory: {
    member: `DELETE FROM password_history WHERE member_uuid = $1 AND id NOT IN (
               SELECT id FROM password_history WHERE member_uuid = $1 ORDER BY id DESC LIMIT $2)`,
    staff: `DELETE FROM password_history WHERE staff_uuid = $1 AND id NOT IN (
              SELECT id FROM password_history WHERE staff_uuid = $1 ORDER BY id DESC LIMIT $2)`,
  },
} as const;

function sqlOf(statement: keyof typeof TOKEN_SQL, staff: boolean): string {
  return TOKEN_SQL[statement][staff ? 'staff' : 'member'];
}

/** Stores only the token's SHA-256; answers the token for the link. Earlier unused tokens of the account end. */
export async function issuePasswordToken(
  db: Queryable,
  account: PasswordAccount,
  purpose: 'reset' | 'welcome',
  hours: number,
): Promise<string> {
  const { staff, uuid } = ownerOf(account);
  const token = newToken();
  await db.query(sqlOf('endOthers', staff), [uuid]);
  await db.query(sqlOf('insert', staff), [hashResetToken(token), uuid, purpose, hours]);
  return token;
}

async function sendAccountMail(
  services: MailServices,
  member: MailMemberRow,
  kind: AccountMailKind,
  token: string,
  hours: number,
): Promise<void> {
  if (!member.email) throw new ApiHttpError(400, 'Member.Invalid');
  const base = linkBase(services.publicUrl, member.host_names, member.is_default);
  const link = `${base}/auth/reset-password/${token}`;
  const mail = renderAccountMail(kind, {
    language: member.language,
    firstName: member.first_name,
    lastName: member.last_name,
    licenseeName: member.licensee_name,
    clientName: member.client_name,
    clientIdentifier: member.client_identifier,
    username: member.username,
    // The sign-in page takes the company ID from its path (/auth/login/:clientId).
    loginLink: `${base}/auth/login/${encodeURIComponent(member.client_identifier)}`,
    footer: member.notification_footer_email,
    link,
    validHours: hours,
  });
  await services.mailer.send(services.db, { clientUuid: member.client_uuid, to: member.email, ...mail });
}

interface MailStaffRow {
  email: string | null;
  first_name: string;
  last_name: string;
  language: MailLanguage;
  username: string;
  licensee_identifier: string;
  licensee_name: string;
  notification_footer_email: string | null;
  host_names: string[];
  is_default: boolean;
}

/**
 * The account mails of licensee staff: the members' templates, with the licensee (its name and identifier) in place
 * of the company, and the console's own pages (/auth/licensee/reset-password/…, /auth/licensee).
 */
async function sendStaffAccountMail(
  services: MailServices,
  staffUuid: string,
  kind: AccountMailKind,
  hours: number,
): Promise<'sent' | 'no-address'> {
  const [staff] = await services.db.query<MailStaffRow>(
    `SELECT st.email, st.first_name, st.last_name, st.language, st.username, l.identifier AS licensee_identifier,
            l.name AS licensee_name, l.notification_footer_email, ${LICENSEE_HOST_NAMES} AS host_names, l.is_default
       FROM licensee_staff st JOIN licensee l ON l.uuid = st.licensee_uuid
      WHERE st.uuid = $1`,
    [staffUuid],
  );
  if (!staff?.email) return 'no-address';
  const token = await issuePasswordToken(services.db, { staffUuid }, kind === 'welcome' ? 'welcome' : 'reset', hours);
  const base = linkBase(services.publicUrl, staff.host_names, staff.is_default);
  const mail = renderAccountMail(kind, {
    language: staff.language,
    firstName: staff.first_name,
    lastName: staff.last_name,
    licenseeName: staff.licensee_name,
    clientName: staff.licensee_name,
    clientIdentifier: staff.licensee_identifier,
    identifierKind: 'licensee',
    username: staff.username,
    loginLink: `${base}/auth/licensee`,
    footer: staff.notification_footer_email,
    link: `${base}/auth/licensee/reset-password/${token}`,
    validHours: hours,
  });
  await services.mailer.send(services.db, { clientUuid: null, to: staff.email, ...mail });
  return 'sent';
}

/** A licensee staff member's forgotten password: a reset link valid for RESET_TOKEN_HOURS (caller: 10-minute rule). */
export async function sendStaffPasswordResetMail(services: MailServices, staffUuid: string): Promise<void> {
  await sendStaffAccountMail(services, staffUuid, 'passwordReset', RESET_TOKEN_HOURS);
}

/** The welcome mail of a new licensee staff member: a set-password link valid for 7 days, as a new member's. */
export async function sendStaffWelcomeMail(services: MailServices, staffUuid: string): Promise<void> {
  if ((await sendStaffAccountMail(services, staffUuid, 'welcome', WELCOME_TOKEN_HOURS)) === 'no-address') {
    throw new ApiHttpError(404, 'Staff.NotFound');
  }
}

/** Forgotten password: a reset token and its mail (the caller has checked the 10-minute rule). */
export async function sendPasswordResetMail(services: MailServices, memberUuid: string): Promise<void> {
  const member = await mailMember(services.db, memberUuid);
  if (!member?.email) return;
  const token = await issuePasswordToken(services.db, memberUuid, 'reset', RESET_TOKEN_HOURS);
  await sendAccountMail(services, member, 'passwordReset', token, RESET_TOKEN_HOURS);
}

/**
 * The welcome mail of a member created with password mode byEmail: a set-password link valid for 7 days.
 * 404 Member.NotFound for an unknown member, 400 Member.Invalid without an e-mail address,
 * 500 Notification.SendingFailed when the mail server refuses.
 */
export async function sendWelcomeMail(services: MailServices, memberUuid: string): Promise<void> {
  const member = await mailMember(services.db, memberUuid);
  if (!member) throw new ApiHttpError(404, 'Member.NotFound');
  if (!member.email) throw new ApiHttpError(400, 'Member.Invalid');
  const token = await issuePasswordToken(services.db, memberUuid, 'welcome', WELCOME_TOKEN_HOURS);
  try {
    await sendAccountMail(services, member, 'welcome', token, WELCOME_TOKEN_HOURS);
  } catch (error) {
    if (error instanceof ApiHttpError) throw error;
    throw new ApiHttpError(500, 'Notification.SendingFailed');
  }
}

/** True when the SHA-256 matches the current password or one of the last stored ones. */
export async function isRecentPassword(
  db: Queryable,
  account: PasswordAccount,
  currentHash: string | null,
  sha256Hex: string,
): Promise<boolean> {
  const { staff, uuid } = ownerOf(account);
  const history = await db.query<{ password_hash: string }>(sqlOf('history', staff), [uuid, PASSWORD_HISTORY_SIZE]);
  const candidates = [currentHash, ...history.map((row) => row.password_hash)].filter((hash): hash is string => !!hash);
  for (const hash of candidates) {
    if (await verifyPassword(sha256Hex, hash)) return true;
  }
  return false;
}

/** Sets the new password; the old hash goes into the history, which keeps the last PASSWORD_HISTORY_SIZE. */
export async function storeNewPassword(
  tx: Queryable,
  account: PasswordAccount,
  oldHash: string | null,
  sha256Hex: string,
): Promise<void> {
  const { staff, uuid } = ownerOf(account);
  const stored = await hashPasswordForStorage(sha256Hex);
  await tx.query(sqlOf('setPassword', staff), [uuid, stored]);
  if (oldHash) {
    await tx.query(sqlOf('keepOld', staff), [uuid, oldHash]);
    await tx.query(sqlOf('trimHistory', staff), [uuid, PASSWORD_HISTORY_SIZE]);
  }
}
