import { createHash } from 'node:crypto';
import type { FeatureFlags, LicenseePermission, LicenseeRole, Role } from '@dash/shared-core';
import { LICENSEE_TOKEN_PREFIX } from '@dash/shared-core';
import { permissionsOf, permissionsOfLicenseeRole } from '@dash/shared-core/permissions';
import { FEATURE_FLAG_COLUMNS, type FeatureFlagRow, featureFlagsOf } from '../access/featureFlags';
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
  permissions: readonly string[];
  featureFlags: FeatureFlags;
  support: SupportOfSession | null;
  /**
   * The client's company version (data_version of migration 019: moved at the commit of every change of its
   * members or its structure), read with the session so that a cached list or tree is checked against the database
   * without another query.
   */
  companyVersion: string;
  /** The member's own settings, read with the session: the profile's settings and language-dependent answers. */
  settings: { theme: 'light' | 'dark' | null; language: 'de_DE' | 'en_GB' };
  /** What the member state shows of the client, read with the session so that the state needs no query of its own. */
  client: { name: string; identifier: string; externalCalendarHref: string | null; offeredCountries: string[] };
}

/**
 * Who acts in a support session, and why. `sessionUuid` names the console's record of the session (a support session an
 * adviser opened from the licensee console); null for the operators' command-line link.
 */
export interface SupportOfSession {
  adviser: string;
  reason: string;
  sessionUuid?: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface SessionRow extends FeatureFlagRow {
  token_hash: string;
  member_uuid: string;
  client_uuid: string;
  role: Role;
  support_adviser: string | null;
  support_reason: string | null;
  support_session_uuid: string | null;
  company_version: string;
  theme: 'light' | 'dark' | null;
  language: 'de_DE' | 'en_GB';
  client_name: string;
  client_identifier: string;
  external_calendar_href: string | null;
  offered_countries: string[];
  refresh: boolean;
}

/**
 * The session of a cookie's token, or null when missing, expired, the member is archived or inactive, or the client
 * is deactivated. A licensee staff token is never looked for here.
 */
export async function loadSessionOfToken(db: Database, token: string | undefined): Promise<SessionContext | null> {
  if (!token || token.length > 100 || token.startsWith(LICENSEE_TOKEN_PREFIX)) return null;
  const tokenHash = hashToken(token);
  const rows = await db.query<SessionRow>(
    `SELECT s.token_hash, s.member_uuid, s.client_uuid, m.role, s.support_adviser, s.support_reason,
            s.support_session_uuid, ${FEATURE_FLAG_COLUMNS},
            coalesce(v.version, 0)::text AS company_version, s.last_seen_at < now() - interval '1 minute' AS refresh,
            m.theme, m.language, c.name AS client_name, c.identifier AS client_identifier,
            -- The company's own calendar link, else the licensee's (company settings, configuration).
            COALESCE(c.external_calendar_href, l.external_calendar_href) AS external_calendar_href,
            c.offered_countries
       FROM session s
       JOIN member m ON m.uuid = s.member_uuid
       JOIN client c ON c.uuid = s.client_uuid
       JOIN licensee l ON l.uuid = c.licensee_uuid
       LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid
      WHERE s.token_hash = $1 AND s.expires_at > now() AND m.archived_at IS NULL AND m.status = 'active'
        AND c.deactivated_at IS NULL`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.refresh) {
    // At most once a minute per session, so that reads do not turn into writes. A support session keeps its end: the
    // console's are time-limited, the command line's last their 30 days anyway.
    await db.query(
      `UPDATE session SET last_seen_at = now(),
              expires_at = CASE WHEN support_adviser IS NULL
                                THEN GREATEST(expires_at, now() + make_interval(hours => $2)) ELSE expires_at END
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
    featureFlags: featureFlagsOf(row),
    support: row.support_adviser
      ? { adviser: row.support_adviser, reason: row.support_reason ?? '', sessionUuid: row.support_session_uuid }
      : null,
    companyVersion: row.company_version,
    settings: { theme: row.theme, language: row.language },
    client: {
      name: row.client_name,
      identifier: row.client_identifier,
      externalCalendarHref: row.external_calendar_href,
      offeredCountries: row.offered_countries,
    },
  };
}

/**
 * The version of what a member session may open: its role, the client's feature flags (the licensee switches them)
 * and the calendar link, and the address countries its forms offer. The heartbeat answers it, so that a page signed in before a change notices it and reads the
 * member state again; several server instances agree on it, as it is computed from the session's row.
 */
export function accessVersionOf(session: SessionContext): string {
  const facts = accessFactsOf(session);
  let version = accessVersions.get(facts);
  if (version === undefined) {
    version = createHash('sha256').update(facts).digest('base64url').slice(0, 16);
    // The facts of a deployment's sessions are few (clients x roles); a bounded map all the same.
    if (accessVersions.size >= 10_000) accessVersions.clear();
    accessVersions.set(facts, version);
  }
  return version;
}

const accessVersions = new Map<string, string>();

/** What the access version is computed from, as one string (also a key for answers that show these facts). */
export function accessFactsOf(session: SessionContext): string {
  const calendar = session.featureFlags.calendar ? session.client.externalCalendarHref : null;
  return JSON.stringify([
    session.role,
    session.featureFlags,
    calendar,
    session.client.name,
    session.client.offeredCountries,
  ]);
}

export async function createSession(
  tx: Queryable,
  memberUuid: string,
  clientUuid: string,
  token: string,
  /** `until`: a fixed end (seconds since the epoch) instead of the support session's 30 days. */
  support?: SupportOfSession & { until?: number },
): Promise<void> {
  const lifetime = support ? `${SUPPORT_SESSION_DAYS} days` : `${SESSION_IDLE_HOURS} hours`;
  await tx.query(
    `INSERT INTO session (token_hash, member_uuid, client_uuid, expires_at, support_adviser, support_reason,
                          support_session_uuid)
     VALUES ($1, $2, $3, coalesce(to_timestamp($8::double precision), now() + $4::interval), $5, $6, $7)`,
    [
      hashToken(token),
      memberUuid,
      clientUuid,
      lifetime,
      support?.adviser ?? null,
      support?.reason ?? null,
      support?.sessionUuid ?? null,
      support?.until ?? null,
    ],
  );
}

/** Ends the session of the token, whichever kind it is (a member's or a licensee staff member's). */
export async function deleteSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token) return;
  if (token.startsWith(LICENSEE_TOKEN_PREFIX)) {
    await db.query('DELETE FROM licensee_session WHERE token_hash = $1', [hashToken(token)]);
  } else {
    await db.query('DELETE FROM session WHERE token_hash = $1', [hashToken(token)]);
  }
}

/**
 * A licensee staff member's session (table `licensee_session`): the licensee console's calls take this, never a
 * member's SessionContext, so every query of the console is scoped by `licenseeUuid`.
 */
export interface LicenseeSessionContext {
  tokenHash: string;
  staffUuid: string;
  licenseeUuid: string;
  role: LicenseeRole;
  permissions: LicenseePermission[];
  staff: { username: string; firstName: string; lastName: string; email: string | null; language: 'de_DE' | 'en_GB' };
  licensee: { identifier: string; name: string };
  /** The licensee's client list version (data_version of migration 037), read with the session. */
  clientListVersion: string;
}

interface LicenseeSessionRow {
  staff_uuid: string;
  licensee_uuid: string;
  role: LicenseeRole;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  language: 'de_DE' | 'en_GB';
  licensee_identifier: string;
  licensee_name: string;
  client_list_version: string;
  refresh: boolean;
}

/** The licensee session of a cookie's token, or null when missing, expired, or the staff member is inactive. */
export async function loadLicenseeSessionOfToken(
  db: Database,
  token: string | undefined,
): Promise<LicenseeSessionContext | null> {
  if (!token || token.length > 100 || !token.startsWith(LICENSEE_TOKEN_PREFIX)) return null;
  const tokenHash = hashToken(token);
  const rows = await db.query<LicenseeSessionRow>(
    `SELECT s.staff_uuid, s.licensee_uuid, st.role, st.username, st.first_name, st.last_name, st.email, st.language,
            l.identifier AS licensee_identifier, l.name AS licensee_name,
            coalesce(v.version, 0)::text AS client_list_version,
            s.last_seen_at < now() - interval '1 minute' AS refresh
       FROM licensee_session s
       JOIN licensee_staff st ON st.uuid = s.staff_uuid AND st.licensee_uuid = s.licensee_uuid
       JOIN licensee l ON l.uuid = s.licensee_uuid
       LEFT JOIN data_version v ON v.scope = 'client-list' AND v.key = s.licensee_uuid
      WHERE s.token_hash = $1 AND s.expires_at > now() AND st.status = 'active'`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.refresh) {
    await db.query(
      `UPDATE licensee_session SET last_seen_at = now(),
              expires_at = GREATEST(expires_at, now() + make_interval(hours => $2))
        WHERE token_hash = $1`,
      [tokenHash, SESSION_IDLE_HOURS],
    );
  }
  return {
    tokenHash,
    staffUuid: row.staff_uuid,
    licenseeUuid: row.licensee_uuid,
    role: row.role,
    permissions: permissionsOfLicenseeRole(row.role),
    staff: {
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      language: row.language,
    },
    licensee: { identifier: row.licensee_identifier, name: row.licensee_name },
    clientListVersion: row.client_list_version,
  };
}

/** `token` must come from newLicenseeToken (http/cookies.ts): its prefix tells the session's kind. */
export async function createLicenseeSession(
  tx: Queryable,
  staffUuid: string,
  licenseeUuid: string,
  token: string,
): Promise<void> {
  if (!token.startsWith(LICENSEE_TOKEN_PREFIX)) throw new Error('not a licensee session token');
  await tx.query(
    `INSERT INTO licensee_session (token_hash, staff_uuid, licensee_uuid, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashToken(token), staffUuid, licenseeUuid, SESSION_IDLE_HOURS],
  );
}
