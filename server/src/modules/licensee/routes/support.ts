import { CONSOLE_SUPPORT_SESSION_MINUTES } from '@dash/shared-core/calls';
import { ENDPOINTS, type LicenseeSupportSession } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { ApiHttpError } from '../../../http/errors';
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
      select: `SELECT s.uuid, s.client_uuid, c.identifier, c.name, s.adviser, s.reason, s.started_at, s.expires_at
               ${FROM_WHERE}`,
      count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
      params: [session.licenseeUuid, search],
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 's.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    // The calls of the page's sessions only (partial index on support_session_uuid).
    const counts = new Map<string, number>();
    if (rows.length > 0) {
      const found = await db.query<{ support_session_uuid: string; count: number }>(
        `SELECT support_session_uuid, count(*)::int AS count FROM support_audit_log
          WHERE support_session_uuid = ANY($1::uuid[]) GROUP BY support_session_uuid`,
        [rows.map((row) => row.uuid)],
      );
      for (const row of found) counts.set(row.support_session_uuid, row.count);
    }
    const items: LicenseeSupportSession[] = rows.map((row) => ({
      uuid: row.uuid,
      clientUuid: row.client_uuid,
      clientIdentifier: row.identifier,
      clientName: row.name,
      adviser: row.adviser,
      reason: row.reason,
      startedAt: iso(row.started_at) ?? '',
      expiresAt: iso(row.expires_at) ?? '',
      callCount: counts.get(row.uuid) ?? 0,
    }));
    return { items, total };
  });
}
