import type { Queryable } from '../../core/db/database';
import type { MembershipScope } from '../../core/events/membershipEvents';
import { creditCompletedElearnings } from '../instructions/elearningCredit';

/**
 * The e-learning task rules in SQL (docs/elearning-tasks.md has them as a table). Everything here is set-based:
 * one statement for all members, whether a unit holds 3 members or 10,000.
 */

/** The e-learning's state on the database's today (alias `e` of `elearning`). */
export const ELEARNING_STATE_SQL = `CASE
  WHEN NOT e.active THEN 'inactive'
  WHEN e.deactivate_on IS NOT NULL AND e.deactivate_on <= current_date THEN 'ended'
  WHEN e.activate_on IS NOT NULL AND e.activate_on > current_date THEN 'scheduled'
  ELSE 'live' END`;

/** New tasks are created while this holds: active and not yet deactivated (before activate-on they wait). */
const ACCEPTS_TASKS_SQL = 'e.active AND (e.deactivate_on IS NULL OR e.deactivate_on > current_date)';

/** An attempt that is neither completed nor reset (alias `t` of `elearning_task`). */
export const OPEN_TASK_SQL = 't.completed_at IS NULL AND t.reset_at IS NULL';

/**
 * Members each e-learning is assigned to now: members (not archived, `create_elearning_tasks` on) of an assigned
 * unit or of any unit below it. `$1` client, then the placeholders of one e-learning and of some members, if given.
 * Two shapes with the same answer: for the whole client, down from each assignment through its subtree; for named
 * members, up from their units to the root (a member is covered by an assignment to any of his units' ancestors),
 * which costs a few rows per member instead of every assignment's subtree (a member create in a client of 200
 * e-learnings no longer walks every assignment).
 */
const inScopeCte = (scope: { elearning: string | null; members: string | null }) =>
  scope.members
    ? `up AS (
    SELECT om.member_uuid, om.org_unit_uuid AS unit_uuid
      FROM org_unit_membership om
      JOIN member m ON m.uuid = om.member_uuid
     WHERE om.member_uuid = ANY (${scope.members}::uuid[]) AND m.client_uuid = $1
       AND m.create_elearning_tasks AND m.deleted_at IS NULL
    UNION
    SELECT u.member_uuid, o.parent_uuid FROM up u JOIN org_unit o ON o.uuid = u.unit_uuid WHERE o.parent_uuid IS NOT NULL
  ), in_scope AS (
    SELECT DISTINCT a.elearning_uuid, u.member_uuid
      FROM up u
      JOIN elearning_org_unit a ON a.org_unit_uuid = u.unit_uuid
     WHERE a.client_uuid = $1 ${scope.elearning ? `AND a.elearning_uuid = ${scope.elearning}::uuid` : ''}
  )`
    : `covered AS (
    SELECT a.elearning_uuid, a.org_unit_uuid
      FROM elearning_org_unit a
     WHERE a.client_uuid = $1 ${scope.elearning ? `AND a.elearning_uuid = ${scope.elearning}::uuid` : ''}
    UNION
    SELECT c.elearning_uuid, o.uuid FROM covered c JOIN org_unit o ON o.parent_uuid = c.org_unit_uuid
  ), in_scope AS (
    SELECT DISTINCT c.elearning_uuid, om.member_uuid
      FROM covered c
      JOIN org_unit_membership om ON om.org_unit_uuid = c.org_unit_uuid
      JOIN member m ON m.uuid = om.member_uuid
     WHERE m.create_elearning_tasks AND m.deleted_at IS NULL
  )`;

export interface SyncScope {
  /** Only this e-learning (an assignment or settings change); default: every e-learning of the client. */
  elearningUuid?: string;
  /** Only these members (a completion, a reset). */
  memberUuids?: readonly string[];
  /** The members are new (created in this transaction): they have no tasks to remove. */
  onlyAdd?: boolean;
}

export interface SyncResult {
  created: number;
  removed: number;
}

/**
 * Brings the client's e-learning tasks in line with assignments, memberships and settings as they are now:
 * - members no longer assigned (left the unit, unit removed, switch off) lose their open attempt; completed and
 *   reset attempts stay (history for auditors); archived members keep everything (restore brings it back);
 * - assigned members without an open attempt get one: the first is due on the fixed due date (if not passed) or
 *   on its start + buffer, where start is today or the later activate-on date; after a completion with a repeat
 *   interval of n months the next is due n months after the last completion; with 0 (once) no further task.
 * Idempotent: a second call changes nothing. Runs inside the caller's transaction.
 */
export async function syncElearningTasks(
  tx: Queryable,
  clientUuid: string,
  scope: SyncScope = {},
): Promise<SyncResult> {
  // The optional filters are part of the statement's text, not `$n IS NULL OR ...`: PGlite prepares each text once,
  // and a plan made for one member must never serve a sync of 10,000.
  const params: unknown[] = [clientUuid];
  const shape = {
    elearning: scope.elearningUuid === undefined ? null : `$${params.push(scope.elearningUuid)}`,
    members: scope.memberUuids === undefined ? null : `$${params.push([...scope.memberUuids])}`,
  };
  const [removed] = scope.onlyAdd
    ? [{ count: 0 }]
    : await tx.query<{ count: number }>(
        `WITH RECURSIVE ${inScopeCte(shape)}, removed AS (
       DELETE FROM elearning_task t USING member m
        WHERE t.client_uuid = $1 ${shape.elearning ? `AND t.elearning_uuid = ${shape.elearning}::uuid` : ''}
          ${shape.members ? `AND t.member_uuid = ANY (${shape.members}::uuid[])` : ''}
          AND m.uuid = t.member_uuid AND m.archived_at IS NULL AND ${OPEN_TASK_SQL}
          AND NOT EXISTS (SELECT 1 FROM in_scope s WHERE s.elearning_uuid = t.elearning_uuid AND s.member_uuid = t.member_uuid)
       RETURNING t.uuid)
     SELECT count(*)::int AS count FROM removed`,
        params,
      );
  const [created] = await tx.query<{ count: number }>(
    `WITH RECURSIVE ${inScopeCte(shape)}, created AS (
       INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, available_from, due_date, origin)
       SELECT $1, s.elearning_uuid, s.member_uuid, x.start,
              CASE WHEN last.completed_on IS NOT NULL
                     THEN (last.completed_on + make_interval(months => e.repeat_interval_months))::date
                   WHEN e.due_date IS NOT NULL AND e.due_date >= x.start THEN e.due_date
                   ELSE x.start + e.first_execution_buffer_days END,
              CASE WHEN last.completed_on IS NULL THEN 'assignment' ELSE 'repeat' END
         FROM in_scope s
         JOIN elearning e ON e.uuid = s.elearning_uuid
        CROSS JOIN LATERAL (SELECT GREATEST(current_date, coalesce(e.activate_on, current_date)) AS start) x
         LEFT JOIN LATERAL (
              SELECT max(t.completed_at)::date AS completed_on FROM elearning_task t
               WHERE t.elearning_uuid = s.elearning_uuid AND t.member_uuid = s.member_uuid AND t.completed_at IS NOT NULL
         ) last ON true
        WHERE ${ACCEPTS_TASKS_SQL}
          AND (last.completed_on IS NULL OR e.repeat_interval_months > 0)
          AND NOT EXISTS (SELECT 1 FROM elearning_task t WHERE t.elearning_uuid = s.elearning_uuid
                             AND t.member_uuid = s.member_uuid AND ${OPEN_TASK_SQL})
       ON CONFLICT (elearning_uuid, member_uuid) WHERE completed_at IS NULL AND reset_at IS NULL DO NOTHING
       RETURNING uuid)
     SELECT count(*)::int AS count FROM created`,
    params,
  );
  return { created: created?.count ?? 0, removed: removed?.count ?? 0 };
}

/**
 * The membership hook's subscriber: only the members named when the caller knows them, else the whole client.
 * Module level, so that it subscribes once however many servers start in one process.
 */
export async function syncElearningTasksOnMembershipChange(
  tx: Queryable,
  clientUuid: string,
  scope: MembershipScope,
): Promise<void> {
  await syncElearningTasks(
    tx,
    clientUuid,
    scope.memberUuids ? { memberUuids: scope.memberUuids, onlyAdd: scope.newMembers === true } : {},
  );
}

/**
 * After a settings change: open attempts that members do not see yet (before their start, not begun) move to the
 * new start and due date. Attempts members already see keep their due date (no deadline moves under their feet).
 */
export async function rescheduleWaitingTasks(tx: Queryable, elearningUuid: string): Promise<number> {
  const rows = await tx.query<{ count: number }>(
    `WITH moved AS (
       UPDATE elearning_task t
          SET available_from = x.start,
              due_date = CASE WHEN t.origin = 'repeat' THEN t.due_date
                              WHEN e.due_date IS NOT NULL AND e.due_date >= x.start THEN e.due_date
                              ELSE x.start + e.first_execution_buffer_days END
         FROM elearning e
        CROSS JOIN LATERAL (SELECT GREATEST(current_date, coalesce(e.activate_on, current_date)) AS start) x
        WHERE e.uuid = $1 AND t.elearning_uuid = e.uuid AND ${OPEN_TASK_SQL} AND t.started_at IS NULL
          AND t.available_from > current_date
       RETURNING t.uuid)
     SELECT count(*)::int AS count FROM moved`,
    [elearningUuid],
  );
  return rows[0]?.count ?? 0;
}

/**
 * A member completed an attempt (the player calls this; the seed and tests too): the attempt keeps its
 * completion date, and a repeating e-learning gets the next attempt at once.
 */
export async function completeElearningTask(tx: Queryable, taskUuid: string, completedAt: Date = new Date()) {
  const rows = await tx.query<{ client_uuid: string; elearning_uuid: string; member_uuid: string }>(
    `UPDATE elearning_task t SET completed_at = $2, started_at = coalesce(t.started_at, $2)
      WHERE t.uuid = $1 AND ${OPEN_TASK_SQL} RETURNING client_uuid, elearning_uuid, member_uuid`,
    [taskUuid, completedAt.toISOString()],
  );
  const task = rows[0];
  if (!task) return false;
  await syncElearningTasks(tx, task.client_uuid, {
    elearningUuid: task.elearning_uuid,
    memberUuids: [task.member_uuid],
  });
  // The e-learning may stand for an instruction on its topic: his open instruction rows are confirmed by it.
  await creditCompletedElearnings(tx, { memberUuid: task.member_uuid, elearningUuid: task.elearning_uuid });
  return true;
}
