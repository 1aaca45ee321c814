import { ENDPOINTS, type RiskAssessmentCatalogItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/auditTrail';
import type { Database } from '../../core/db/database';
import { iso, likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import { readRiskVersion } from '../../core/tasks/taskVersion';
import { ApiHttpError } from '../../http/errors';
import { KeptAnswers } from '../../http/keptAnswers';
import { registerEndpoint } from '../../http/route';
import type { SessionContext } from '../auth/sessions';
import { loadContent } from './content';
import { syncMemberTasks } from './memberTaskSync';

/**
 * Where a risk assessment stands, from its evaluated assignments (spec section 4, "Risk assessment status"): it is
 * analysing while one of its org units or locations has no evaluation yet (or none is assigned); after that, the
 * least advanced of its evaluations: risksCreated, then actionsAgreed, then done. (The task's stored status stays
 * 'analysing': it only says that members may still answer; each assignment's phase is its evaluation.)
 */
const STATUS_SQL = `CASE
  WHEN NOT EXISTS (SELECT 1 FROM risk_assessment_assignment sa WHERE sa.task_uuid = r.uuid AND sa.kind IN ('org-unit', 'location'))
    OR EXISTS (SELECT 1 FROM risk_assessment_assignment sa WHERE sa.task_uuid = r.uuid AND sa.kind IN ('org-unit', 'location')
                 AND NOT EXISTS (SELECT 1 FROM risk_assessment_evaluation sev WHERE sev.assignment_uuid = sa.uuid))
    THEN 'analysing'
  ELSE (SELECT sev.status FROM risk_assessment_evaluation sev WHERE sev.task_uuid = r.uuid
         ORDER BY array_position(ARRAY['risksCreated', 'actionsAgreed', 'done'], sev.status) LIMIT 1) END`;

const CATALOG_SORT = {
  title: 'r.title',
  type: 'r.type',
  status: `array_position(ARRAY['analysing', 'risksCreated', 'actionsAgreed', 'done'], (${STATUS_SQL}))`,
  dueDate: 'r.due_date',
  completedMemberCount: 'completed_member_count',
};

interface TaskRow {
  uuid: string;
  title: string;
  type: string;
  kind: RiskAssessmentCatalogItem['kind'];
  status: RiskAssessmentCatalogItem['status'];
  due_date: string | null;
  active: boolean;
  type_locked: boolean;
}

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

/** The catalogue, the types and each task's details and settings (catalog/list, catalog/details/{uuid}/settings). */
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
              (SELECT count(*)::int FROM risk_assessment_evaluation ev WHERE ev.task_uuid = r.uuid) AS evaluated_assignments
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

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSettings, async ({ body, session }) => {
    const [row] = await db.query<TaskRow>(
      `SELECT r.uuid, r.title, r.type, ty.kind, ${STATUS_SQL} AS status, r.due_date::text AS due_date, r.active,
              EXISTS (SELECT 1 FROM risk_assessment_assignment a WHERE a.task_uuid = r.uuid) AS type_locked
         FROM risk_assessment_task r JOIN risk_assessment_type ty ON ty.identifier = r.type
        WHERE r.uuid = $1 AND r.client_uuid = $2`,
      [body.uuid, session.clientUuid],
    );
    if (!row) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
    return {
      uuid: row.uuid,
      title: row.title,
      type: row.type,
      kind: row.kind,
      status: row.status,
      dueDate: row.due_date,
      active: row.active,
      typeLocked: row.type_locked,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentSaveSettings, async ({ body, session }) => {
    if (!(await loadContent(db, body.type))) throw new ApiHttpError(400, 'Task.InvalidType');
    const after = { title: body.title, type: body.type, dueDate: body.dueDate, active: body.active };
    return db.transaction(async (tx) => {
      if (!body.uuid) {
        const [created] = await tx.query<{ uuid: string }>(
          `INSERT INTO risk_assessment_task (client_uuid, title, type, due_date, active) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
          [session.clientUuid, body.title, body.type, body.dueDate, body.active],
        );
        if (!created) throw new Error('insert returned no row');
        await recordAudit(tx, session, [
          { action: 'risk-assessment.create', entityType: 'risk-assessment', entityUuid: created.uuid, after },
        ]);
        return { uuid: created.uuid };
      }
      const [current] = await tx.query<TaskRow>(
        `SELECT r.uuid, r.title, r.type, r.due_date::text AS due_date, r.active,
                EXISTS (SELECT 1 FROM risk_assessment_assignment a WHERE a.task_uuid = r.uuid) AS type_locked
           FROM risk_assessment_task r WHERE r.uuid = $1 AND r.client_uuid = $2 FOR UPDATE`,
        [body.uuid, session.clientUuid],
      );
      if (!current) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
      if (current.type !== body.type && current.type_locked) throw new ApiHttpError(409, 'Task.TypeMismatch');
      await tx.query(
        `UPDATE risk_assessment_task SET title = $2, type = $3, due_date = $4, active = $5, updated_at = now() WHERE uuid = $1`,
        [body.uuid, body.title, body.type, body.dueDate, body.active],
      );
      // Open analyses follow the new due date; completed ones keep theirs.
      await tx.query(
        `UPDATE risk_assessment_member_task SET due_date = $2 WHERE task_uuid = $1 AND completed_at IS NULL AND due_date IS DISTINCT FROM $2`,
        [body.uuid, body.dueDate],
      );
      // Switched on again: members who joined an assigned unit meanwhile get their analyses.
      if (body.active && !current.active) await syncMemberTasks(tx, session.clientUuid, body.uuid);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.update-settings',
          entityType: 'risk-assessment',
          entityUuid: body.uuid,
          before: { title: current.title, type: current.type, dueDate: current.due_date, active: current.active },
          after,
        },
      ]);
      return { uuid: body.uuid };
    });
  });
}
