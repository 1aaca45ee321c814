import { hasAnyPermission, type Permission } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { orderBy } from '../../db/rows';
import { readTablePage } from '../../db/tablePage';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { elearningDueCounts, riskAssessmentDueCounts } from '../tasks/dueCounts';

/** Risk-action filter -> the assessment status it lists (the risk statuses of issue 16 refine this after merge). */
const RISK_ACTION_STATUS = { riskActionDefine: 'risksCreated', riskActionAgreed: 'actionsAgreed' } as const;

/**
 * The assessments an administrator evaluates: the client's; an ou-admin's only where one of his org units is
 * assigned. Appends its parameters; a condition on `c` (risk_assessment_task).
 */
function visibleAssessments(session: SessionContext, params: unknown[]): string {
  params.push(session.clientUuid);
  let condition = `c.client_uuid = $${params.length}`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM risk_assessment_assignment a JOIN org_unit_admin oa ON oa.org_unit_uuid = a.org_unit_uuid
                               WHERE a.task_uuid = c.uuid AND oa.member_uuid = $${params.length})`;
  }
  return condition;
}

/** Start overview (spec section 2 "Start"): the bubbles of both areas, and the administrators' risk-action filters. */
export function registerStartRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.startTaskCounts, async ({ session }) => {
    const may = (permission: Permission, flag: keyof SessionContext['featureFlags']) =>
      session.featureFlags[flag] && hasAnyPermission(session.permissions, [permission]);
    const riskActions = async () => {
      const params: unknown[] = [];
      const [row] = await db.query<{ riskActionDefine: number; riskActionAgreed: number }>(
        `SELECT count(*) FILTER (WHERE c.status = 'risksCreated')::int AS "riskActionDefine",
                count(*) FILTER (WHERE c.status = 'actionsAgreed')::int AS "riskActionAgreed"
           FROM risk_assessment_task c WHERE c.active AND ${visibleAssessments(session, params)}`,
        params,
      );
      return row ?? { riskActionDefine: 0, riskActionAgreed: 0 };
    };
    const [elearnings, riskAssessments, actions] = await Promise.all([
      may('elearning.read-member-tasks', 'elearnings')
        ? elearningDueCounts(db, session.memberUuid, session.clientUuid)
        : null,
      may('risk-assessment.read-member-tasks', 'riskAssessments')
        ? riskAssessmentDueCounts(db, session.memberUuid, session.clientUuid)
        : null,
      may('risk-assessment.read-risk-action-list', 'riskAssessments') ? riskActions() : null,
    ]);
    return { elearnings, riskAssessments, riskActions: actions };
  });

  registerEndpoint(app, db, ENDPOINTS.startRiskActionTasks, async ({ body, session }) => {
    const params: unknown[] = [RISK_ACTION_STATUS[body.filter.status]];
    const where = `WHERE c.active AND c.status = $1 AND ${visibleAssessments(session, params)}`;
    const { rows, total } = await readTablePage<{
      uuid: string;
      title: string;
      type: string;
      status: 'risksCreated' | 'actionsAgreed';
      due_date: string | null;
      completed_count: number;
      member_count: number;
    }>(db, {
      select: `SELECT c.uuid, c.title, c.type, c.status, c.due_date::text AS due_date,
                      (SELECT count(*) FROM risk_assessment_member_task t WHERE t.task_uuid = c.uuid AND t.completed_at IS NOT NULL)::int AS completed_count,
                      (SELECT count(*) FROM risk_assessment_member_task t WHERE t.task_uuid = c.uuid)::int AS member_count
                 FROM risk_assessment_task c ${where}`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_task c ${where}`,
      params,
      order: orderBy({ title: 'lower(c.title)', dueDate: 'c.due_date' }, body.sortBy, body.sortDirection, 'c.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        title: row.title,
        type: row.type,
        status: row.status,
        dueDate: row.due_date,
        completedCount: row.completed_count,
        memberCount: row.member_count,
      })),
      total,
    };
  });
}
