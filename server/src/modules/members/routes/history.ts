import { type AuditEntry, ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleMembers } from '../../../core/access/scope';
import type { Database } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';

/** A member's history: the audit entries about him, newest first. */
export function registerHistoryRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.memberHistory, async ({ body, session }) => {
    const params: unknown[] = [];
    const condition = visibleMembers(session, params);
    params.push(body.uuid);
    const [member] = await db.query<{ uuid: string }>(
      `SELECT m.uuid FROM member m WHERE ${condition} AND m.uuid = $${params.length} AND m.deleted_at IS NULL`,
      params,
    );
    if (!member) throw new ApiHttpError(404, 'Member.NotFound');
    const { rows, total } = await readTablePage<{
      id: string;
      created_at: unknown;
      actor_name: string;
      support_adviser: string | null;
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(db, {
      select: `SELECT a.id::text AS id, a.created_at, a.actor_name, a.support_adviser, a.action, a.before, a.after
                 FROM audit_entry a WHERE a.client_uuid = $1 AND a.member_uuid = $2`,
      count: 'SELECT count(*)::int AS total FROM audit_entry a WHERE a.client_uuid = $1 AND a.member_uuid = $2',
      params: [session.clientUuid, member.uuid],
      order: 'ORDER BY a.id DESC',
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map(
        (row): AuditEntry => ({
          id: row.id,
          createdAt: iso(row.created_at) ?? '',
          actorName: row.actor_name,
          supportAdviser: row.support_adviser,
          action: row.action,
          before: row.before,
          after: row.after,
        }),
      ),
      total,
    };
  });
}
