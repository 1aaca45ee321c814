import { createHash } from 'node:crypto';
import type { FeatureFlags, Role } from '@dash/shared-core';
import { permissionsOf } from '@dash/shared-core';
import type { Database, Queryable } from '../db/database';

/**
 * The session store: the rows of table `session`, found by the hash of the cookie's token. The transport layer reads
 * the request's session through it (http/session.ts), the sign-in area creates and ends sessions with it.
 */

/** Idle sessions end after this; every call that finds the session moves the end on. */
export const SESSION_IDLE_HOURS = 12;
/** Support sessions keep their 30-day cookie (spec section 9). */
export const SUPPORT_SESSION_DAYS = 30;

export interface SessionContext {
  tokenHash: string;
  memberUuid: string;
  clientUuid: string;
  role: Role;
  permissions: string[];
  featureFlags: FeatureFlags;
  support: { adviser: string; reason: string } | null;
  /**
   * The client's company version (data_version of migration 019: moved at the commit of every change of its
   * members or its structure), read with the session so that a cached list or tree is checked against the database
   * without another query.
   */
  companyVersion: string;
  /** The member's own settings, read with the session: the profile's settings and language-dependent answers. */
  settings: { theme: 'light' | 'dark' | null; language: 'de_DE' | 'en_GB' };
  /** What the member state shows of the client, read with the session so that the state needs no query of its own. */
  client: { name: string; identifier: string; externalCalendarHref: string | null };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface SessionRow {
  token_hash: string;
  member_uuid: string;
  client_uuid: string;
  role: Role;
  support_adviser: string | null;
  support_reason: string | null;
  feature_elearnings: boolean;
  feature_risk_assessments: boolean;
  feature_templates: boolean;
  feature_calendar: boolean;
  company_version: string;
  theme: 'light' | 'dark' | null;
  language: 'de_DE' | 'en_GB';
  client_name: string;
  client_identifier: string;
  external_calendar_href: string | null;
  refresh: boolean;
}

/** The session of a cookie's token, or null when missing, expired, or the member is archived or inactive. */
export async function loadSessionOfToken(db: Database, token: string | undefined): Promise<SessionContext | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const rows = await db.query<SessionRow>(
    `SELECT s.token_hash, s.member_uuid, s.client_uuid, m.role, s.support_adviser, s.support_reason,
            c.feature_elearnings, c.feature_risk_assessments, c.feature_templates, c.feature_calendar,
            coalesce(v.version, 0)::text AS company_version, s.last_seen_at < now() - interval '1 minute' AS refresh,
            m.theme, m.language, c.name AS client_name, c.identifier AS client_identifier,
            -- The company's own calendar link, else the licensee's (company settings, configuration).
            COALESCE(c.external_calendar_href, l.external_calendar_href) AS external_calendar_href
       FROM session s
       JOIN member m ON m.uuid = s.member_uuid
       JOIN client c ON c.uuid = s.client_uuid
       JOIN licensee l ON l.uuid = c.licensee_uuid
       LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid
      WHERE s.token_hash = $1 AND s.expires_at > now() AND m.archived_at IS NULL AND m.status = 'active'`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.refresh) {
    // At most once a minute per session, so that reads do not turn into writes.
    await db.query(
      `UPDATE session SET last_seen_at = now(),
              expires_at = GREATEST(expires_at, now() + make_interval(hours => $2))
        WHERE token_hash = $1`,
      [tokenHash, SESSION_IDLE_HOURS],
    );
  }
  const role = row.support_adviser ? 'user' : row.role;
  return {
    tokenHash,
    memberUuid: row.member_uuid,
    clientUuid: row.client_uuid,
    role,
    permissions: permissionsOf(role),
    featureFlags: {
      elearnings: row.feature_elearnings,
      riskAssessments: row.feature_risk_assessments,
      templates: row.feature_templates,
      calendar: row.feature_calendar,
    },
    support: row.support_adviser ? { adviser: row.support_adviser, reason: row.support_reason ?? '' } : null,
    companyVersion: row.company_version,
    settings: { theme: row.theme, language: row.language },
    client: {
      name: row.client_name,
      identifier: row.client_identifier,
      externalCalendarHref: row.external_calendar_href,
    },
  };
}

export async function createSession(
  tx: Queryable,
  memberUuid: string,
  clientUuid: string,
  token: string,
  support?: { adviser: string; reason: string },
): Promise<void> {
  const lifetime = support ? `${SUPPORT_SESSION_DAYS} days` : `${SESSION_IDLE_HOURS} hours`;
  await tx.query(
    `INSERT INTO session (token_hash, member_uuid, client_uuid, expires_at, support_adviser, support_reason)
     VALUES ($1, $2, $3, now() + $4::interval, $5, $6)`,
    [hashToken(token), memberUuid, clientUuid, lifetime, support?.adviser ?? null, support?.reason ?? null],
  );
}

export async function deleteSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.query('DELETE FROM session WHERE token_hash = $1', [hashToken(token)]);
}
