import { ENDPOINTS, type RiskAssessmentCatalogItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { likePattern, orderBy } from '../../db/rows';
import { readTablePage } from '../../db/tablePage';
import { registerEndpoint } from '../../http/route';
import { readMemberTasks } from '../tasks/memberTasks';

const CATALOG_SORT = {
  title: 'r.title',
  type: 'r.type',
  status: 'r.status',
  completedMemberCount: 'completed_member_count',
};

export function registerRiskAssessmentRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCatalog, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'r.client_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND (r.title ILIKE $${params.length} OR r.type ILIKE $${params.length})`;
    }
    const { rows, total } = await readTablePage<{
      uuid: string;
      title: string;
      type: string;
      status: RiskAssessmentCatalogItem['status'];
      assigned_member_count: number;
      completed_member_count: number;
    }>(db, {
      select: `SELECT r.uuid, r.title, r.type, r.status,
                      count(DISTINCT t.member_uuid)::int AS assigned_member_count,
                      count(DISTINCT t.member_uuid) FILTER (WHERE t.completed_at IS NOT NULL)::int AS completed_member_count
                 FROM risk_assessment_task r LEFT JOIN risk_assessment_member_task t ON t.task_uuid = r.uuid
                WHERE ${condition}
                GROUP BY r.uuid`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_task r WHERE ${condition}`,
      params,
      order: orderBy(CATALOG_SORT, body.sortBy, body.sortDirection, 'r.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        type: row.type,
        status: row.status,
        assignedMemberCount: row.assigned_member_count,
        completedMemberCount: row.completed_member_count,
      })),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentMemberTasks, async ({ body, session }) =>
    readMemberTasks(
      db,
      session,
      { tasks: 'risk_assessment_member_task', catalog: 'risk_assessment_task', catalogKey: 'task_uuid' },
      body,
    ),
  );
}
