import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Queryable } from '../../core/db/database';

/** A support link works for 15 minutes and once. */
export const SUPPORT_LINK_MINUTES = 15;
const SECRET_NAME = 'support-link';

export interface SupportLinkPayload {
  /** Company ID of the client the adviser enters. */
  client: string;
  adviser: string;
  reason: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Random id, recorded when the link is used (single use). */
  jti: string;
  /**
   * A link the licensee console made: the console's record of the session (licensee_support_session) and the
   * session's fixed end (seconds since the epoch). Absent in the operators' command-line links.
   */
  session?: string;
  until?: number;
}

/**
 * The signing key: SUPPORT_LINK_SECRET when set (several servers share it), otherwise a random key generated on
 * first use and stored in the database (`app_secret`).
 */
export async function resolveSupportLinkSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SECRET_NAME,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [SECRET_NAME]);
  if (!row) throw new Error('support-link secret missing');
  return row.value;
}

/** Embedded database: the running server leaves the key for the `support-link` command (PGlite serves one process). */
export function writeSupportLinkKeyFile(file: string, secret: string): void {
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
}

export function readSupportLinkKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function createSupportToken(
  secret: string,
  input: { client: string; adviser: string; reason: string; session?: string; until?: number },
  now = Date.now(),
  validMinutes = SUPPORT_LINK_MINUTES,
): string {
  const payload: SupportLinkPayload = {
    client: input.client,
    adviser: input.adviser,
    reason: input.reason,
    exp: Math.floor(now / 1000) + validMinutes * 60,
    jti: randomBytes(16).toString('base64url'),
    ...(input.session && input.until ? { session: input.session, until: input.until } : {}),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(secret, encoded)}`;
}

/** The payload of a correctly signed token of the right shape, else null (expiry is checked by the caller). */
export function verifySupportToken(secret: string, token: string): SupportLinkPayload | null {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, encoded));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<SupportLinkPayload>;
    if (
      typeof payload.client !== 'string' ||
      typeof payload.adviser !== 'string' ||
      typeof payload.reason !== 'string' ||
      typeof payload.exp !== 'number' ||
      typeof payload.jti !== 'string' ||
      (payload.session !== undefined && typeof payload.session !== 'string') ||
      (payload.until !== undefined && typeof payload.until !== 'number')
    ) {
      return null;
    }
    return payload as SupportLinkPayload;
  } catch {
    return null;
  }
}

export function supportLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/auth/support/${token}`;
}

/**
 * The member row a support session rides on: the client's first active super-admin (else admin). The session's role
 * is `user` (admin rights without the own-account parts, see permissions.ts) and it names the adviser; null when the
 * client has no such member (support login is then refused).
 */
export async function supportCarrierMember(db: Queryable, clientUuid: string): Promise<string | null> {
  const [member] = await db.query<{ uuid: string }>(
    `SELECT uuid FROM member
      WHERE client_uuid = $1 AND role IN ('super-admin', 'admin') AND archived_at IS NULL AND status = 'active'
      ORDER BY role = 'super-admin' DESC, created_at, uuid LIMIT 1`,
    [clientUuid],
  );
  return member?.uuid ?? null;
}
