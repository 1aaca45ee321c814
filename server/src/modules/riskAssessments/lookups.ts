import type { LocalizedText, RiskAssessmentCatalogItem } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { evaluableAssignments } from './evaluation';

/** The lookups, row types and SQL the risk-assessment area's route files (routes/*.ts) share. */

/**
 * Where a risk assessment stands, from its evaluated assignments (spec section 4, "Risk assessment status"): it is
 * analysing while one of its org units or locations has no evaluation yet (or none is assigned); after that, the
 * least advanced of its evaluations: risksCreated, then actionsAgreed, then done. (The task's stored status stays
 * 'analysing': it only says that members may still answer; each assignment's phase is its evaluation.)
 */
export const STATUS_SQL = `CASE
  WHEN NOT EXISTS (SELECT 1 FROM risk_assessment_assignment sa WHERE sa.task_uuid = r.uuid AND sa.kind IN ('org-unit', 'location'))
    OR EXISTS (SELECT 1 FROM risk_assessment_assignment sa WHERE sa.task_uuid = r.uuid AND sa.kind IN ('org-unit', 'location')
                 AND NOT EXISTS (SELECT 1 FROM risk_assessment_evaluation sev WHERE sev.assignment_uuid = sa.uuid))
    THEN 'analysing'
  ELSE (SELECT sev.status FROM risk_assessment_evaluation sev WHERE sev.task_uuid = r.uuid AND sev.superseded_at IS NULL
         ORDER BY array_position(ARRAY['risksCreated', 'actionsAgreed', 'done'], sev.status) LIMIT 1) END`;

export interface TaskRow {
  uuid: string;
  title: string;
  type: string;
  kind: RiskAssessmentCatalogItem['kind'];
  status: RiskAssessmentCatalogItem['status'];
  due_date: string | null;
  active: boolean;
  type_locked: boolean;
}

/** Today in the database's calendar: due dates and done dates are calendar days. */
export async function today(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ day: string }>('SELECT current_date::text AS day');
  return row?.day ?? '';
}

export interface LockedRisk {
  uuid: string;
  evaluation_uuid: string;
  task_uuid: string;
  evaluation_status: string;
  risk_factor: number;
  not_relevant: boolean;
  measures: { stop: string; text: LocalizedText }[];
  action_count: number;
  /** A "not effective" check reopened the risk: a new action may be added after the actions were agreed. */
  reopened: boolean;
  /** The evaluation is signed off (read-only). */
  approved: boolean;
}

export async function lockRisk(tx: Queryable, session: SessionContext, uuid: string): Promise<LockedRisk> {
  const params: unknown[] = [uuid];
  const [risk] = await tx.query<LockedRisk>(
    `SELECT r.uuid, r.evaluation_uuid, ev.task_uuid, ev.status AS evaluation_status, r.risk_factor, r.not_relevant,
            r.measures, (SELECT count(*)::int FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) AS action_count,
            r.reopened_at IS NOT NULL AS reopened, ev.approved_at IS NOT NULL AS approved
       FROM risk_assessment_risk r
       JOIN risk_assessment_evaluation ev ON ev.uuid = r.evaluation_uuid
       JOIN risk_assessment_assignment a ON a.uuid = ev.assignment_uuid
      WHERE r.uuid = $1 AND ${evaluableAssignments(session, params)} FOR UPDATE OF ev, r`,
    params,
  );
  if (!risk) throw new ApiHttpError(404, 'Risk.NotFound');
  return risk;
}

/** How long a lock holds without a save; the open page renews it well before (docs/risk-assessments.md). */
export const LOCK_SECONDS = 120;

export interface ExecutionRow {
  uuid: string;
  task_uuid: string;
  assignment_uuid: string;
  member_uuid: string | null;
  title: string;
  type: string;
  kind: 'inspection' | 'survey';
  active: boolean;
  status: string;
  org_unit_uuid: string | null;
  location_uuid: string | null;
  org_unit_name: string | null;
  location_name: string | null;
  due_date: string | null;
  current_page: number;
  completed_at: unknown;
  lock_token: string | null;
  locked_by_member_uuid: string | null;
  locked_until: unknown;
  locked_by_name: string | null;
  lock_live: boolean;
  is_mine: boolean;
  /** The analysis phase of the assignment has ended: open analyses are closed. */
  phase_over: boolean;
}

/**
 * An execution of the session's client, with whether the signed-in member may work on it: his own analysis, or a
 * shared location inspection he has a task for. `forUpdate` locks the row: saves of one execution take turns.
 */
export async function loadExecution(
  tx: Queryable,
  session: SessionContext,
  uuid: string,
  forUpdate: boolean,
): Promise<ExecutionRow> {
  const [row] = await tx.query<ExecutionRow>(
    `SELECT e.uuid, e.task_uuid, e.assignment_uuid, e.member_uuid, t.title, t.type, ty.kind, t.active, t.status,
            a.org_unit_uuid, a.location_uuid, o.name AS org_unit_name, l.name AS location_name,
            t.due_date::text AS due_date, e.current_page, e.completed_at, e.lock_token, e.locked_by_member_uuid,
            e.locked_until,
            lm.first_name || ' ' || lm.last_name AS locked_by_name, e.locked_until > now() AS lock_live,
            EXISTS (SELECT 1 FROM risk_assessment_member_task mt
                     WHERE mt.assignment_uuid = e.assignment_uuid AND mt.member_uuid = $3
                       AND (e.member_uuid IS NULL OR e.member_uuid = $3)) AS is_mine,
            EXISTS (SELECT 1 FROM risk_assessment_evaluation ev WHERE ev.assignment_uuid = e.assignment_uuid) AS phase_over
       FROM risk_assessment_execution e
       JOIN risk_assessment_task t ON t.uuid = e.task_uuid
       JOIN risk_assessment_type ty ON ty.identifier = t.type
       JOIN risk_assessment_assignment a ON a.uuid = e.assignment_uuid
       LEFT JOIN org_unit o ON o.uuid = a.org_unit_uuid
       LEFT JOIN location l ON l.uuid = a.location_uuid
       LEFT JOIN member lm ON lm.uuid = e.locked_by_member_uuid
      WHERE e.uuid = $1 AND e.client_uuid = $2 ${forUpdate ? 'FOR UPDATE OF e' : ''}`,
    [uuid, session.clientUuid, session.memberUuid],
  );
  if (!row) throw new ApiHttpError(404, 'RiskAssessmentExecution.NotFound');
  if (!row.is_mine) throw new ApiHttpError(403, 'RiskAssessmentExecution.NotMembers');
  return row;
}

/**
 * Who holds a lock: one window of one session. A caller that names no window (an older page, a script) holds it for
 * its whole session, as before windows were told apart.
 */
export function lockHolder(session: SessionContext, windowId: string | undefined): string {
  return windowId ? `${session.tokenHash}:${windowId}` : session.tokenHash;
}

/** Held by another window (or browser) and not yet expired. */
export function lockedByOther(row: ExecutionRow, holder: string): boolean {
  return row.lock_live && row.lock_token !== null && row.lock_token !== holder;
}

/** Held by another window, and that window is the signed-in member's own: she may take it over. */
export function lockedByMyOtherWindow(row: ExecutionRow, session: SessionContext, holder: string): boolean {
  return lockedByOther(row, holder) && row.locked_by_member_uuid === session.memberUuid;
}

/**
 * Refuses a write while another window holds the lock: taken over by the member's own other window (this one stops
 * saving and says so), or held by someone else.
 */
export function assertHoldsLock(row: ExecutionRow, session: SessionContext, holder: string): void {
  if (lockedByMyOtherWindow(row, session, holder)) throw new ApiHttpError(409, 'RiskAssessmentExecution.TakenOver');
  if (lockedByOther(row, holder)) throw new ApiHttpError(409, 'RiskAssessmentExecution.Locked');
}
