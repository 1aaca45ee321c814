import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import { writeSupportAudit } from '../../../core/audit/supportAudit';
import type { Database } from '../../../core/db/database';
import { createSession, deleteSession, SUPPORT_SESSION_DAYS } from '../../../core/sessions/sessions';
import { newToken, SESSION_COOKIE, setSessionCookie, setXsrfCookie } from '../../../http/cookies';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { checkRateLimit, RATE_LIMITS } from '../rateLimit';
import { resolveSupportLinkSecret, supportCarrierMember, verifySupportToken } from '../supportLink';

const SUPPORT_COOKIE_SECONDS = SUPPORT_SESSION_DAYS * 24 * 60 * 60;

/** A customer adviser's sign-in by support link, and the client's log of what advisers did. */
export function registerSupportRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.supportLogin, async ({ body, request, reply }) => {
    await checkRateLimit(db, 'support-login', [{ subject: request.ip, limit: RATE_LIMITS.supportLoginPerIp }]);
    const secret = await resolveSupportLinkSecret(db, config.supportLinkSecret);
    const payload = verifySupportToken(secret, body.token);
    if (!payload) throw new ApiHttpError(400, 'SupportLogin.InvalidToken');
    if (payload.exp * 1000 <= Date.now()) throw new ApiHttpError(400, 'SupportLogin.TokenTooOld');
    const [client] = await db.query<{ uuid: string; support_login_allowed: boolean; deactivated: boolean }>(
      'SELECT uuid, support_login_allowed, deactivated_at IS NOT NULL AS deactivated FROM client WHERE identifier = $1',
      [payload.client],
    );
    if (!client) throw new ApiHttpError(400, 'SupportLogin.InvalidToken');
    if (!client.support_login_allowed) throw new ApiHttpError(403, 'SupportLogin.NotAllowed');
    if (client.deactivated) throw new ApiHttpError(403, 'Login.ClientDeactivated');
    const memberUuid = await supportCarrierMember(db, client.uuid);
    if (!memberUuid) throw new ApiHttpError(403, 'SupportLogin.NotAllowed');
    const member = { uuid: memberUuid };
    // A link from the licensee console: the session ends at the console's fixed end, not after 30 days.
    const until = payload.session && payload.until ? payload.until : null;
    if (until !== null && until * 1000 <= Date.now()) throw new ApiHttpError(400, 'SupportLogin.TokenTooOld');
    const support = {
      adviser: payload.adviser,
      reason: payload.reason,
      sessionUuid: until !== null ? (payload.session ?? null) : null,
      until: until ?? undefined,
    };
    const token = newToken();
    await db.transaction(async (tx) => {
      const fresh = await tx.query(
        'INSERT INTO support_link_use (jti) VALUES ($1) ON CONFLICT (jti) DO NOTHING RETURNING 1',
        [payload.jti],
      );
      if (fresh.length === 0) throw new ApiHttpError(400, 'SupportLogin.InvalidToken');
      if (support.sessionUuid) {
        // Ended from the console before the link was followed (locked: an end at this moment waits or is seen).
        const [record] = await tx.query<{ ended: boolean }>(
          'SELECT ended_at IS NOT NULL AS ended FROM licensee_support_session WHERE uuid = $1 FOR UPDATE',
          [support.sessionUuid],
        );
        if (!record || record.ended) throw new ApiHttpError(403, 'SupportSession.NotRunning');
      }
      await deleteSession(tx, request.cookies[SESSION_COOKIE]);
      await createSession(tx, member.uuid, client.uuid, token, support);
      await writeSupportAudit(
        tx,
        { clientUuid: client.uuid, memberUuid: member.uuid, support },
        { action: 'supportLogin', method: 'POST', path: request.url, status: 200 },
      );
    });
    // Spec section 9: support-login cookies live 30 days (a console session's cookie lives as long as the session).
    const cookieSeconds = until !== null ? Math.max(1, until - Math.floor(Date.now() / 1000)) : SUPPORT_COOKIE_SECONDS;
    setSessionCookie(request, reply, token, cookieSeconds);
    setXsrfCookie(request, reply, undefined, cookieSeconds);
    return { authenticated: true as const };
  });

  registerEndpoint(app, db, ENDPOINTS.supportAuditList, async ({ body, session }) => {
    const offset = (body.page - 1) * body.perPage;
    const rows = await db.query<{
      created_at: string;
      adviser: string;
      reason: string;
      action: string;
      method: string;
      path: string;
      status: number;
      total: number;
    }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
              adviser, reason, action, method, path, status, count(*) OVER ()::int AS total
         FROM support_audit_log WHERE client_uuid = $1
        ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [session.clientUuid, body.perPage, offset],
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && offset > 0) {
      const [count] = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM support_audit_log WHERE client_uuid = $1',
        [session.clientUuid],
      );
      total = count?.total ?? 0;
    }
    return {
      items: rows.map((row) => ({
        createdAt: row.created_at,
        adviser: row.adviser,
        reason: row.reason,
        action: row.action,
        method: row.method,
        path: row.path,
        status: row.status,
      })),
      total,
    };
  });
}
