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

/** Stores only the token's SHA-256; answers the token for the link. Earlier unused tokens of the member end. */
export async function issuePasswordToken(
  db: Queryable,
  memberUuid: string,
  purpose: 'reset' | 'welcome',
  hours: number,
): Promise<string> {
  const token = newToken();
  await db.query('UPDATE password_reset_token SET used_at = now() WHERE member_uuid = $1 AND used_at IS NULL', [
    memberUuid,
  ]);
  await db.query(
    `INSERT INTO password_reset_token (token_hash, member_uuid, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashResetToken(token), memberUuid, purpose, hours],
  );
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
  memberUuid: string,
  currentHash: string | null,
  sha256Hex: string,
): Promise<boolean> {
  const history = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM password_history WHERE member_uuid = $1 ORDER BY id DESC LIMIT $2',
    [memberUuid, PASSWORD_HISTORY_SIZE],
  );
  const candidates = [currentHash, ...history.map((row) => row.password_hash)].filter((hash): hash is string => !!hash);
  for (const hash of candidates) {
    if (await verifyPassword(sha256Hex, hash)) return true;
  }
  return false;
}

/** Sets the new password; the old hash goes into the history, which keeps the last PASSWORD_HISTORY_SIZE. */
export async function storeNewPassword(
  tx: Queryable,
  memberUuid: string,
  oldHash: string | null,
  sha256Hex: string,
): Promise<void> {
  const stored = await hashPasswordForStorage(sha256Hex);
  await tx.query('UPDATE member SET password_hash = $2 WHERE uuid = $1', [memberUuid, stored]);
  if (oldHash) {
    await tx.query('INSERT INTO password_history (member_uuid, password_hash) VALUES ($1, $2)', [memberUuid, oldHash]);
    await tx.query(
      `DELETE FROM password_history WHERE member_uuid = $1 AND id NOT IN (
         SELECT id FROM password_history WHERE member_uuid = $1 ORDER BY id DESC LIMIT $2)`,
      [memberUuid, PASSWORD_HISTORY_SIZE],
    );
  }
}
