import type { Queryable } from '../../core/db/database';
import type { MembershipScope } from '../../core/events/membershipEvents';

/**
 * Who should have an analysis of each assignment, now: the members of an assigned org unit (the default unit holds
 * everybody), of an assigned location (an inspection: its responsible members, who share one execution; a survey:
 * all its members), or the assigned member; never archived or deleted members, nor those whose
 * create_risk_assessment_tasks is off; only for active tasks still in the analysis phase.
 * $1 client, then the placeholders of one task and of some members when the sync is limited to them.
 */
const targets = (scope: { task: string | null; members: string | null }) => `
  targets AS (
    SELECT a.uuid AS assignment_uuid, om.member_uuid
      FROM risk_assessment_assignment a JOIN org_unit_membership om ON om.org_unit_uuid = a.org_unit_uuid
     WHERE a.kind = 'org-unit' AND a.client_uuid = $1 ${scope.task ? `AND a.task_uuid = ${scope.task}::uuid` : ''}
       ${scope.members ? `AND om.member_uuid = ANY (${scope.members}::uuid[])` : ''}
    UNION ALL
    SELECT a.uuid, lm.member_uuid
      FROM risk_assessment_assignment a
      JOIN risk_assessment_task t ON t.uuid = a.task_uuid
      JOIN risk_assessment_type ty ON ty.identifier = t.type
      JOIN location_member lm ON lm.location_uuid = a.location_uuid AND (ty.kind = 'survey' OR lm.responsible)
     WHERE a.kind = 'location' AND a.client_uuid = $1 ${scope.task ? `AND a.task_uuid = ${scope.task}::uuid` : ''}
       ${scope.members ? `AND lm.member_uuid = ANY (${scope.members}::uuid[])` : ''}
    UNION ALL
    SELECT a.uuid, a.member_uuid FROM risk_assessment_assignment a
     WHERE a.kind = 'member' AND a.client_uuid = $1 ${scope.task ? `AND a.task_uuid = ${scope.task}::uuid` : ''}
       ${scope.members ? `AND a.member_uuid = ANY (${scope.members}::uuid[])` : ''}
  ),
  wanted AS (
    SELECT DISTINCT x.assignment_uuid, x.member_uuid, a.task_uuid, a.org_unit_uuid, a.location_uuid, t.due_date
      FROM targets x
      JOIN risk_assessment_assignment a ON a.uuid = x.assignment_uuid
      JOIN risk_assessment_task t ON t.uuid = a.task_uuid
      JOIN member m ON m.uuid = x.member_uuid
     WHERE m.archived_at IS NULL AND m.deleted_at IS NULL AND m.create_risk_assessment_tasks
       AND t.active AND t.status = 'analysing'
       AND NOT EXISTS (SELECT 1 FROM risk_assessment_evaluation ev WHERE ev.assignment_uuid = x.assignment_uuid)
  )`;

/**
 * Brings the members' analyses in line with the assignments, set-based: creates the missing ones (an assignment
 * repeated or a member who joined a unit), and removes those never started of members who no longer belong.
 * Started and completed analyses always stay. Answers how many analyses it created. With `memberUuids` only those
 * members' analyses are looked at (a membership change of a few members need not re-check the whole client).
 */
export async function syncMemberTasks(
  tx: Queryable,
  clientUuid: string,
  taskUuid: string | null,
  memberUuids: readonly string[] | null = null,
  { onlyAdd = false }: { onlyAdd?: boolean } = {},
): Promise<number> {
  // The optional filters are part of the statement's text, not `$n IS NULL OR ...`: PGlite prepares each text once,
  // and a plan made for a few members must never serve a sync of 10,000.
  const params: unknown[] = [clientUuid];
  const scope = {
    task: taskUuid === null ? null : `$${params.push(taskUuid)}`,
    members: memberUuids === null ? null : `$${params.push([...memberUuids])}`,
  };
  const inserted = await tx.query<{ count: number }>(
    `WITH ${targets(scope)},
     added AS (
       INSERT INTO risk_assessment_member_task (client_uuid, task_uuid, assignment_uuid, member_uuid, org_unit_uuid, location_uuid, due_date)
       SELECT $1, w.task_uuid, w.assignment_uuid, w.member_uuid, w.org_unit_uuid, w.location_uuid, w.due_date FROM wanted w
       ON CONFLICT (assignment_uuid, member_uuid) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS count FROM added`,
    params,
  );
  // New members (created in this transaction) have no analyses to remove.
  if (onlyAdd) return inserted[0]?.count ?? 0;
  await tx.query(
    `WITH ${targets(scope)}
     DELETE FROM risk_assessment_member_task mt
      USING risk_assessment_task t
      WHERE t.uuid = mt.task_uuid AND t.active AND t.status = 'analysing' AND mt.client_uuid = $1
        ${scope.task ? `AND mt.task_uuid = ${scope.task}::uuid` : ''}
        ${scope.members ? `AND mt.member_uuid = ANY (${scope.members}::uuid[])` : ''}
        AND mt.completed_at IS NULL AND mt.execution_uuid IS NULL AND mt.closed_at IS NULL
        -- NOT IN over the wanted pairs is computed once and hashed. NOT EXISTS let the planner, which has not seen
        -- the analyses just inserted, pick a nested loop that recomputed every wanted pair per analysis (minutes).
        AND (mt.assignment_uuid, mt.member_uuid) NOT IN (SELECT w.assignment_uuid, w.member_uuid FROM wanted w)`,
    params,
  );
  return inserted[0]?.count ?? 0;
}

/** The membership hook's subscriber (module level, so that it subscribes once however many servers start). */
export async function syncMemberTasksOnMembershipChange(
  tx: Queryable,
  clientUuid: string,
  scope: MembershipScope,
): Promise<void> {
  await syncMemberTasks(tx, clientUuid, null, scope.memberUuids, { onlyAdd: scope.newMembers === true });
}
