import { CONSOLE_SUPPORT_SESSION_MINUTES } from '@dash/shared-core/calls';
import { ENDPOINTS, type LicenseeSupportSession } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import { writeSupportAudit } from '../../../core/audit/supportAudit';
import type { Database, Queryable } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { licenseeForHost } from '../../../core/licensees/licensees';
import { createLicenseeSession, deleteSession, type LicenseeSessionContext } from '../../../core/sessions/sessions';
import {
  clearSessionCookie,
  newLicenseeToken,
  SESSION_COOKIE,
  setSessionCookie,
  setXsrfCookie,
} from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { createSupportToken, resolveSupportLinkSecret, supportCarrierMember } from '../../auth/supportLink';
import { staffNameOf, writeLicenseeAudit } from '../audit';
import { clientOfLicensee } from '../clientRecord';

/** The console's support link is followed at once: it is valid for a minute only. */
const CONSOLE_LINK_MINUTES = 1;

const SORT_COLUMNS = { startedAt: 's.started_at', clientName: 'lower(c.name)', adviser: 'lower(s.adviser)' };

interface SupportSessionRow {
  uuid: string;
  client_uuid: string;
  identifier: string;
  name: string;
  adviser: string;
  reason: string;
  started_at: unknown;
  expires_at: unknown;
  ended_at: unknown;
  ended_by: string | null;
  running: boolean;
}

const SESSION_COLUMNS = `s.uuid, s.client_uuid, c.identifier, c.name, s.adviser, s.reason, s.started_at, s.expires_at,
  s.ended_at, s.ended_by, (s.ended_at IS NULL AND s.expires_at > now()) AS running`;

/** The calls of these sessions, counted (partial index on support_session_uuid). */
async function callCounts(db: Queryable, uuids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (uuids.length === 0) return counts;
  const found = await db.query<{ support_session_uuid: string; count: number }>(
    `SELECT support_session_uuid, count(*)::int AS count FROM support_audit_log
      WHERE support_session_uuid = ANY($1::uuid[]) GROUP BY support_session_uuid`,
    [uuids],
  );
  for (const row of found) counts.set(row.support_session_uuid, row.count);
  return counts;
}

function sessionOf(row: SupportSessionRow, counts: Map<string, number>): LicenseeSupportSession {
  return {
    uuid: row.uuid,
    clientUuid: row.client_uuid,
    clientIdentifier: row.identifier,
    clientName: row.name,
    adviser: row.adviser,
    reason: row.reason,
    startedAt: iso(row.started_at) ?? '',
    expiresAt: iso(row.expires_at) ?? '',
    endedAt: iso(row.ended_at),
    endedBy: row.ended_by,
    running: row.running,
    callCount: counts.get(row.uuid) ?? 0,
  };
}

/**
 * Ends a running support session of the licensee at once, in the caller's transaction: the record (locked, so that
 * the support link's sign-in and a second end wait for it) notes when and by whom, its member sessions are deleted
 * (the adviser's next call answers 401), and the licensee's audit has the entry. 404 SupportSession.NotFound for
 * another licensee's or a missing session, 409 SupportSession.NotRunning once it has ended.
 */
export async function endSupportSession(
  tx: Queryable,
  licenseeUuid: string,
  sessionUuid: string,
  by: Pick<LicenseeSessionContext, 'licenseeUuid' | 'staffUuid' | 'staff'>,
): Promise<void> {
  const [record] = await tx.query<{ client_uuid: string; identifier: string; running: boolean; adviser: string }>(
    `SELECT s.client_uuid, c.identifier, s.adviser, (s.ended_at IS NULL AND s.expires_at > now()) AS running
       FROM licensee_support_session s JOIN client c ON c.uuid = s.client_uuid
      WHERE s.uuid = $1 AND s.licensee_uuid = $2 FOR UPDATE OF s`,
    [sessionUuid, licenseeUuid],
  );
  if (!record) throw new ApiHttpError(404, 'SupportSession.NotFound');
  if (!record.running) throw new ApiHttpError(409, 'SupportSession.NotRunning');
  const endedBy = staffNameOf(by);
  await tx.query(
    'UPDATE licensee_support_session SET ended_at = now(), ended_by_staff_uuid = $2, ended_by = $3 WHERE uuid = $1',
    [sessionUuid, by.staffUuid, endedBy],
  );
  await tx.query('DELETE FROM session WHERE support_session_uuid = $1', [sessionUuid]);
  await writeLicenseeAudit(tx, by, {
    action: 'support.end',
    client: { uuid: record.client_uuid, clientIdentifier: record.identifier },
    before: { adviser: record.adviser, running: true },
    after: { running: false, endedBy },
  });
}

/** The staff member behind a support session, as the licensee audit and the console's new session need him. */
async function adviserOf(db: Queryable, sessionUuid: string) {
  const [row] = await db.query<{
    staff_uuid: string;
    licensee_uuid: string;
    username: string;
    first_name: string;
    last_name: string;
    email: string | null;
    language: 'de_DE' | 'en_GB';
    active: boolean;
  }>(
    `SELECT st.uuid AS staff_uuid, st.licensee_uuid, st.username, st.first_name, st.last_name, st.email, st.language,
            st.status = 'active' AS active
       FROM licensee_support_session s JOIN licensee_staff st ON st.uuid = s.staff_uuid
      WHERE s.uuid = $1`,
    [sessionUuid],
  );
  return row;
}

const FROM_WHERE = `FROM licensee_support_session s
  JOIN client c ON c.uuid = s.client_uuid
  WHERE s.licensee_uuid = $1
    AND ($2::text IS NULL OR c.name ILIKE $2 OR c.identifier ILIKE $2 OR s.adviser ILIKE $2)`;

/**
 * Support advisers (and licensee admins) open one of the licensee's clients in support mode: the same support
 * session as the operators' signed link (role `user`, banner, support audit of every call), but under the staff
 * member's own name, with a reason and a fixed end. The licensee's list of those sessions.
 */
export function registerLicenseeSupportRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeSupportOpen, async ({ body, session }) => {
    const client = await clientOfLicensee(db, session.licenseeUuid, body.uuid);
    const [setup] = await db.query<{ support_login_allowed: boolean }>(
      'SELECT support_login_allowed FROM client WHERE uuid = $1 AND licensee_uuid = $2',
      [client.uuid, session.licenseeUuid],
    );
    if (!setup?.support_login_allowed) throw new ApiHttpError(403, 'SupportLogin.NotAllowed');
    if (!client.active) throw new ApiHttpError(403, 'Login.ClientDeactivated');
    if (!(await supportCarrierMember(db, client.uuid))) throw new ApiHttpError(403, 'SupportLogin.NotAllowed');
    const adviser = staffNameOf(session);
    const record = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ uuid: string; expires_at: unknown }>(
        `INSERT INTO licensee_support_session (licensee_uuid, staff_uuid, client_uuid, adviser, reason, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) RETURNING uuid, expires_at`,
        [session.licenseeUuid, session.staffUuid, client.uuid, adviser, body.reason, CONSOLE_SUPPORT_SESSION_MINUTES],
      );
      if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
      const expiresAt = iso(row.expires_at) ?? '';
      await writeLicenseeAudit(tx, session, {
        action: 'support.open',
        client,
        before: null,
        after: { reason: body.reason, expiresAt },
      });
      return { uuid: row.uuid, expiresAt };
    });
    // The same single-use signed link as the operators' (auth/supportLink.ts), valid for a minute: the browser follows
    // it at once, the support login ends the console's session and starts the support session with its fixed end.
    const secret = await resolveSupportLinkSecret(db, config.supportLinkSecret);
    const token = createSupportToken(
      secret,
      {
        client: client.clientIdentifier,
        adviser,
        reason: body.reason,
        session: record.uuid,
        until: Math.floor(Date.parse(record.expiresAt) / 1000),
      },
      Date.now(),
      CONSOLE_LINK_MINUTES,
    );
    return { redirectTo: `/auth/support/${token}`, expiresAt: record.expiresAt };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeSupportSessionList, async ({ body, session }) => {
    const search = body.filter.search ? likePattern(body.filter.search) : null;
    const { rows, total } = await readTablePage<SupportSessionRow>(db, {
      select: `SELECT ${SESSION_COLUMNS} ${FROM_WHERE}`,
      count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
      params: [session.licenseeUuid, search],
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 's.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    // The calls of the page's sessions only.
    const counts = await callCounts(
      db,
      rows.map((row) => row.uuid),
    );
    return { items: rows.map((row) => sessionOf(row, counts)), total };
  });

  // A licensee admin ends an adviser's running session from the console's list.
  registerEndpoint(app, db, ENDPOINTS.licenseeSupportEnd, async ({ body, session }) => {
    await db.transaction((tx) => endSupportSession(tx, session.licenseeUuid, body.uuid, session));
    const [row] = await db.query<SupportSessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM licensee_support_session s JOIN client c ON c.uuid = s.client_uuid
        WHERE s.uuid = $1 AND s.licensee_uuid = $2`,
      [body.uuid, session.licenseeUuid],
    );
    if (!row) throw new ApiHttpError(404, 'SupportSession.NotFound');
    return sessionOf(row, await callCounts(db, [row.uuid]));
  });

  // The adviser ends his own support session from the banner. Public as the sign-out is (it reads the session
  // itself): the support role holds no console permission, and without a support session nothing changes.
  registerEndpoint(app, db, ENDPOINTS.supportEnd, async ({ request, reply }) => {
    const member = await request.loadSession();
    if (!member?.support) return { redirectTo: null };
    const sessionUuid = member.support.sessionUuid;
    if (!sessionUuid) {
      // The operators' command-line link: no console to go back to; the session ends as at sign-out.
      await writeSupportAudit(db, member, { action: 'supportEnd', method: 'POST', path: request.url, status: 200 });
      await deleteSession(db, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return { redirectTo: '/auth/login' };
    }
    const adviser = await adviserOf(db, sessionUuid);
    if (!adviser) throw new ApiHttpError(404, 'SupportSession.NotFound');
    const by = {
      licenseeUuid: adviser.licensee_uuid,
      staffUuid: adviser.staff_uuid,
      staff: {
        username: adviser.username,
        firstName: adviser.first_name,
        lastName: adviser.last_name,
        email: adviser.email,
        language: adviser.language,
      },
    };
    // Back to the console as the adviser (his console session ended when the support session began), on the
    // licensee's own host only and while he is still active; else to the console's sign-in.
    const hostLicensee = await licenseeForHost(db, hostNameOf(request));
    const consoleToken = adviser.active && hostLicensee?.uuid === adviser.licensee_uuid ? newLicenseeToken() : null;
    await db.transaction(async (tx) => {
      await writeSupportAudit(tx, member, { action: 'supportEnd', method: 'POST', path: request.url, status: 200 });
      await endSupportSession(tx, adviser.licensee_uuid, sessionUuid, by);
      if (consoleToken) await createLicenseeSession(tx, adviser.staff_uuid, adviser.licensee_uuid, consoleToken);
    });
    if (!consoleToken) {
      clearSessionCookie(request, reply);
      return { redirectTo: '/auth/licensee' };
    }
    setSessionCookie(request, reply, consoleToken);
    setXsrfCookie(request, reply);
    return { redirectTo: '/dashboard/licensee/support-sessions' };
  });
}
