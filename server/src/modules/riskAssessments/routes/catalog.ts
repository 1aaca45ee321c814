import { ENDPOINTS, type RiskAssessmentCatalogItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import type { SessionContext } from '../../../core/sessions/sessions';
import { readRiskVersion } from '../../../core/tasks/taskVersion';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import { STATUS_SQL, type TaskRow } from '../lookups';

const CATALOG_SORT = {
  title: 'r.title',
  type: 'r.type',
  status: `array_position(ARRAY['analysing', 'risksCreated', 'actionsAgreed', 'done'], (${STATUS_SQL}))`,
  dueDate: 'r.due_date',
  completedMemberCount: 'completed_member_count',
};

type CatalogRow = Omit<TaskRow, 'type_locked'> & {
  type_title: RiskAssessmentCatalogItem['typeTitle'];
  assigned_member_count: number;
  completed_member_count: number;
};

/** A task's columns with its member counts (one member with analyses in two assigned units counts once). */
const CATALOG_COLUMNS = `r.uuid, r.title, r.type, ty.title AS type_title, ty.kind, ${STATUS_SQL} AS status, r.active,
       r.due_date::text AS due_date, counts.assigned_member_count, counts.completed_member_count`;
const CATALOG_FROM = `FROM risk_assessment_task r
  JOIN risk_assessment_type ty ON ty.identifier = r.type
  CROSS JOIN LATERAL (
    SELECT count(DISTINCT t.member_uuid)::int AS assigned_member_count,
           count(DISTINCT t.member_uuid) FILTER (WHERE t.completed_at IS NOT NULL)::int AS completed_member_count
      FROM risk_assessment_member_task t WHERE t.task_uuid = r.uuid) counts`;

function toCatalogItem(row: CatalogRow): RiskAssessmentCatalogItem {
  return {
    uuid: row.uuid,
    title: row.title,
    type: row.type,
    typeTitle: row.type_title,
    kind: row.kind,
    status: row.status,
    active: row.active,
    dueDate: row.due_date,
    assignedMemberCount: row.assigned_member_count,
    completedMemberCount: row.completed_member_count,
  };
}

/** The catalogue, each task's details and the types (catalog/list, catalog/details/{uuid}). */
export function registerCatalogRoutes(app: FastifyInstance, db: Database): void {
  // Kept for the client's risk version (readRiskVersion): the counts and statuses read every analysis.
  const catalogs = new KeptAnswers(ENDPOINTS.riskAssessmentCatalog);
  registerEndpoint(app, db, ENDPOINTS.riskAssessmentCatalog, async ({ body, session, request }) =>
    catalogs.get(request, session, await readRiskVersion(db, session), body, () => readCatalog(body, session)),
  );

  const readCatalog = async (
    body: z.output<typeof ENDPOINTS.riskAssessmentCatalog.request>,
    session: SessionContext,
  ) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'r.client_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND r.title ILIKE $${params.length}`;
    }
    if (body.filter.type) {
      params.push(body.filter.type);
      condition += ` AND r.type = $${params.length}`;
    }
    const { rows, total } = await readTablePage<CatalogRow>(db, {
      select: `SELECT ${CATALOG_COLUMNS} ${CATALOG_FROM} WHERE ${condition}`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_task r WHERE ${condition}`,
      params,
      order: orderBy(CATALOG_SORT, body.sortBy, body.sortDirection, 'r.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toCatalogItem), total };
  };

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentDetails, async ({ body, session }) => {
    const [row] = await db.query<
      CatalogRow & {
        created_at: unknown;
        org_unit_assignments: number;
        location_assignments: number;
        member_assignments: number;
        evaluated_assignments: number;
      }
    >(
      `SELECT ${CATALOG_COLUMNS}, r.created_at, assignments.org_unit_assignments, assignments.location_assignments,
              assignments.member_assignments,
              (SELECT count(*)::int FROM risk_assessment_evaluation ev WHERE ev.task_uuid = r.uuid AND ev.superseded_at IS NULL)
                AS evaluated_assignments
         ${CATALOG_FROM}
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE a.kind = 'org-unit')::int AS org_unit_assignments,
                  count(*) FILTER (WHERE a.kind = 'location')::int AS location_assignments,
                  count(*) FILTER (WHERE a.kind = 'member')::int AS member_assignments
             FROM risk_assessment_assignment a WHERE a.task_uuid = r.uuid) assignments
        WHERE r.uuid = $1 AND r.client_uuid = $2`,
      [body.uuid, session.clientUuid],
    );
    // Another client's task answers exactly as one that does not exist.
    if (!row) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
    return {
      ...toCatalogItem(row),
      createdAt: iso(row.created_at) ?? '',
      assignmentCounts: {
        orgUnit: row.org_unit_assignments,
        location: row.location_assignments,
        member: row.member_assignments,
      },
      evaluatedAssignmentCount: row.evaluated_assignments,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentTypeList, async () => {
    const rows = await db.query<{
      identifier: string;
      kind: RiskAssessmentCatalogItem['kind'];
      title: RiskAssessmentCatalogItem['typeTitle'];
      description: RiskAssessmentCatalogItem['typeTitle'];
      question_count: number;
    }>(
      `SELECT ty.identifier, ty.kind, ty.title, ty.description,
              (SELECT count(*)::int FROM risk_assessment_question q WHERE q.type_identifier = ty.identifier AND NOT q.retired) AS question_count
         FROM risk_assessment_type ty ORDER BY ty.position, ty.identifier`,
    );
    return {
      items: rows.map((row) => ({
        identifier: row.identifier,
        kind: row.kind,
        title: row.title,
        description: row.description,
        questionCount: row.question_count,
      })),
    };
  });
}
