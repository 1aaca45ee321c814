import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { likePattern, orderBy } from '../../db/rows';
import { readTablePage } from '../../db/tablePage';
import { registerEndpoint } from '../../http/route';
import { readMemberTasks } from '../tasks/memberTasks';

const CATALOG_SORT = {
  title: 'e.title',
  durationMinutes: 'e.duration_minutes',
  assignedMemberCount: 'assigned_member_count',
  completedMemberCount: 'completed_member_count',
};

export function registerElearningRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningCatalog, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'e.client_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND (e.title ILIKE $${params.length} OR e.description ILIKE $${params.length})`;
    }
    const { rows, total } = await readTablePage<{
      uuid: string;
      title: string;
      description: string | null;
      duration_minutes: number;
      active: boolean;
      assigned_member_count: number;
      completed_member_count: number;
    }>(db, {
      select: `SELECT e.uuid, e.title, e.description, e.duration_minutes, e.active,
                      count(DISTINCT t.member_uuid)::int AS assigned_member_count,
                      count(DISTINCT t.member_uuid) FILTER (WHERE t.completed_at IS NOT NULL)::int AS completed_member_count
                 FROM elearning e LEFT JOIN elearning_task t ON t.elearning_uuid = e.uuid
                WHERE ${condition}
                GROUP BY e.uuid`,
      count: `SELECT count(*)::int AS total FROM elearning e WHERE ${condition}`,
      params,
      order: orderBy(CATALOG_SORT, body.sortBy, body.sortDirection, 'e.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        description: row.description,
        durationMinutes: row.duration_minutes,
        active: row.active,
        assignedMemberCount: row.assigned_member_count,
        completedMemberCount: row.completed_member_count,
      })),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningMemberTasks, async ({ body, session }) =>
    readMemberTasks(db, session, { tasks: 'elearning_task', catalog: 'elearning', catalogKey: 'elearning_uuid' }, body),
  );
}
