import { ENDPOINTS, type RiskAssessmentAssignment } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { visibleLocations, visibleMembers, visibleOrgUnits } from '../../../core/access/scope';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { iso, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { onMembershipChanged } from '../../../core/events/membershipEvents';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { syncMemberTasks, syncMemberTasksOnMembershipChange } from '../memberTaskSync';

const ASSIGNMENT_SORT = {
  name: 'name',
  kind: 'a.kind',
  assignedMemberCount: 'assigned_member_count',
  completedMemberCount: 'completed_member_count',
  createdAt: 'a.created_at',
};

interface LockedTask {
  uuid: string;
  kind: 'inspection' | 'survey';
  active: boolean;
  status: string;
}

/** The task of the session's client, locked for the change (concurrent assignments of one task take turns). */
async function lockTask(tx: Queryable, session: SessionContext, uuid: string): Promise<LockedTask> {
  const [task] = await tx.query<LockedTask>(
    `SELECT r.uuid, ty.kind, r.active, r.status FROM risk_assessment_task r
       JOIN risk_assessment_type ty ON ty.identifier = r.type
      WHERE r.uuid = $1 AND r.client_uuid = $2 FOR UPDATE OF r`,
    [uuid, session.clientUuid],
  );
  if (!task) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
  return task;
}

/** Every uuid must be one the session may see; another client's answers like one that does not exist. */
async function assertAllVisible(
  tx: Queryable,
  uuids: readonly string[],
  table: 'org_unit' | 'location' | 'member',
  session: SessionContext,
  code: 'OrgUnit.NotFound' | 'Location.NotFound' | 'Member.NotFound',
): Promise<string[]> {
  const unique = [...new Set(uuids)];
  const params: unknown[] = [unique];
  const scope =
    table === 'org_unit'
      ? visibleOrgUnits(session, params, 'x')
      : table === 'location'
        ? visibleLocations(session, params, 'x')
        : `${visibleMembers(session, params, 'x')} AND x.archived_at IS NULL AND x.deleted_at IS NULL`;
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${table} x WHERE x.uuid = ANY($1::uuid[]) AND ${scope}`,
    params,
  );
  if ((row?.count ?? 0) !== unique.length) throw new ApiHttpError(404, code);
  return unique;
}

async function assign(
  tx: Queryable,
  session: SessionContext,
  task: LockedTask,
  kind: RiskAssessmentAssignment['kind'],
  targets: string[],
): Promise<{ assignmentCount: number; memberTaskCount: number }> {
  const column = kind === 'org-unit' ? 'org_unit_uuid' : kind === 'location' ? 'location_uuid' : 'member_uuid';
  const added = await tx.query<{ uuid: string; target: string }>(
    `INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, ${column})
     SELECT $1, $2, $3, target FROM unnest($4::uuid[]) AS target
     ON CONFLICT DO NOTHING RETURNING uuid, ${column} AS target`,
    [session.clientUuid, task.uuid, kind, targets],
  );
  const memberTaskCount = await syncMemberTasks(tx, session.clientUuid, task.uuid);
  await recordAudit(
    tx,
    session,
    added.map((row) => ({
      action: `risk-assessment.assign-${kind}`,
      entityType: 'risk-assessment' as const,
      entityUuid: task.uuid,
      memberUuid: kind === 'member' ? row.target : null,
      after: { assignmentUuid: row.uuid, kind, targetUuid: row.target },
    })),
  );
  return { assignmentCount: added.length, memberTaskCount };
}

/** Assignments of a task (catalog/details/{uuid}/assignments) and the membership sync that keeps them current. */
export function registerAssignmentRoutes(app: FastifyInstance, db: Database): void {
  // Members who join an assigned org unit or location get their analysis; those who leave lose it unless started.
  onMembershipChanged(syncMemberTasksOnMembershipChange);

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentAssignmentList, async ({ body, session }) => {
    const [task] = await db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_task WHERE uuid = $1 AND client_uuid = $2',
      [body.uuid, session.clientUuid],
    );
    if (!task) throw new ApiHttpError(404, 'RiskAssessmentTask.NotFound');
    const params: unknown[] = [body.uuid, session.clientUuid];
    let condition = 'a.task_uuid = $1 AND a.client_uuid = $2';
    if (body.filter.kind) {
      params.push(body.filter.kind);
      condition += ` AND a.kind = $${params.length}`;
    }
    const { rows, total } = await readTablePage<{
      uuid: string;
      kind: RiskAssessmentAssignment['kind'];
      name: string;
      target_uuid: string;
      created_at: unknown;
      assigned_member_count: number;
      completed_member_count: number;
    }>(db, {
      select: `SELECT * FROM (
                 SELECT a.uuid, a.kind, a.created_at,
                        COALESCE(o.name, l.name, m.last_name || ', ' || m.first_name) AS name,
                        COALESCE(a.org_unit_uuid, a.location_uuid, a.member_uuid) AS target_uuid,
                        counts.assigned_member_count, counts.completed_member_count
                   FROM risk_assessment_assignment a
                   LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
                   LEFT JOIN location l ON l.uuid = a.location_uuid
                   LEFT JOIN member m ON m.uuid = a.member_uuid
                   CROSS JOIN LATERAL (
                     SELECT count(*)::int AS assigned_member_count,
                            count(*) FILTER (WHERE mt.completed_at IS NOT NULL)::int AS completed_member_count
                       FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = a.uuid) counts
                  WHERE ${condition}) a`,
      count: `SELECT count(*)::int AS total FROM risk_assessment_assignment a WHERE ${condition}`,
      params,
      order: orderBy(ASSIGNMENT_SORT, body.sortBy, body.sortDirection, 'a.uuid'),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        kind: row.kind,
        name: row.name,
        targetUuid: row.target_uuid,
        assignedMemberCount: row.assigned_member_count,
        completedMemberCount: row.completed_member_count,
        createdAt: iso(row.created_at) ?? '',
      })),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentAssignOrgUnits, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const units = await assertAllVisible(tx, body.orgUnitUuids, 'org_unit', session, 'OrgUnit.NotFound');
      const task = await lockTask(tx, session, body.uuid);
      return assign(tx, session, task, 'org-unit', units);
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentAssignLocation, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const [location] = await assertAllVisible(tx, [body.locationUuid], 'location', session, 'Location.NotFound');
      const task = await lockTask(tx, session, body.uuid);
      const [existing] = await tx.query<{ location_uuid: string }>(
        `SELECT location_uuid FROM risk_assessment_assignment WHERE task_uuid = $1 AND kind = 'location'`,
        [task.uuid],
      );
      // One location per task: the assessment documents that location.
      if (existing && existing.location_uuid !== location) throw new ApiHttpError(409, 'Task.Exists');
      return assign(tx, session, task, 'location', [location as string]);
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentAssignMember, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const members = await assertAllVisible(tx, body.memberUuids, 'member', session, 'Member.NotFound');
      const task = await lockTask(tx, session, body.uuid);
      // A survey is evaluated per group: a single member's answers could never be anonymous.
      if (task.kind === 'survey') throw new ApiHttpError(400, 'Task.InvalidType');
      return assign(tx, session, task, 'member', members);
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentDeleteAssignments, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const task = await lockTask(tx, session, body.uuid);
      // Assignments already gone are no error: a retried removal answers as the first did.
      const unique = [...new Set(body.assignmentUuids)];
      const removed = await tx.query<{ uuid: string; kind: string; target: string; member_uuid: string | null }>(
        `DELETE FROM risk_assessment_assignment WHERE task_uuid = $1 AND uuid = ANY($2::uuid[])
         RETURNING uuid, kind, COALESCE(org_unit_uuid, location_uuid, member_uuid) AS target, member_uuid`,
        [task.uuid, unique],
      );
      await recordAudit(
        tx,
        session,
        removed.map((row) => ({
          action: 'risk-assessment.remove-assignment',
          entityType: 'risk-assessment' as const,
          entityUuid: task.uuid,
          memberUuid: row.member_uuid,
          before: { assignmentUuid: row.uuid, kind: row.kind, targetUuid: row.target },
        })),
      );
      return { ok: true as const };
    }),
  );
}
