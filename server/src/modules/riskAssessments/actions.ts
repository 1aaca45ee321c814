import { riskFactor as riskLevelOf } from '@dash/shared-core';
import type { LocalizedText, RiskAction } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';

/** The action rows and the risk status the actions decide, for the route files (routes/*.ts). */

/**
 * A risk (alias `r`) still needs a decision: above "very low", not marked not relevant, and without an action, or
 * reopened by a "not effective" check and without a new one (docs/risk-assessment-follow-up.md). Confirming needs none.
 */
export const UNDECIDED_RISK = `(r.risk_factor > 2 AND NOT r.not_relevant
  AND (r.reopened_at IS NOT NULL OR NOT EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid)))`;

/** A risk's status from what was decided for it, while the actions are being defined. */
const UNDECIDED_STATUS = `CASE WHEN ${UNDECIDED_RISK} THEN 'riskActionDefine'
  WHEN r.not_relevant OR EXISTS (SELECT 1 FROM risk_assessment_action x WHERE x.risk_uuid = r.uuid) THEN 'riskActionDefined'
  ELSE 'open' END`;

export async function refreshRiskStatus(tx: Queryable, riskUuid: string): Promise<void> {
  await tx.query(`UPDATE risk_assessment_risk r SET status = ${UNDECIDED_STATUS} WHERE r.uuid = $1`, [riskUuid]);
}

/** Every risk of an evaluation that (again) defines its actions: a new round. */
export async function refreshRiskStatuses(tx: Queryable, evaluationUuid: string): Promise<void> {
  await tx.query(`UPDATE risk_assessment_risk r SET status = ${UNDECIDED_STATUS} WHERE r.evaluation_uuid = $1`, [
    evaluationUuid,
  ]);
}

export interface ActionListRow {
  uuid: string;
  risk_uuid: string;
  load: LocalizedText;
  risk_factor: number;
  origin: RiskAction['origin'];
  stop: RiskAction['stop'];
  description: LocalizedText;
  responsible_member_uuid: string;
  responsible_name: string;
  due_date: string;
  note: string | null;
  done_at: string | null;
  done_by_name: string | null;
  check_due_date: string | null;
  effectiveness: RiskAction['effectiveness'];
  effectiveness_note: string | null;
  checked_at: unknown;
  checked_by_name: string | null;
}

/** An action's columns (alias `x`, its risk `r`, its owner `m`) as the action list and an action's details answer them. */
export const ACTION_COLUMNS = `x.uuid, x.risk_uuid, r.load, r.risk_factor, x.origin, x.stop, x.description,
       x.responsible_member_uuid, m.first_name || ' ' || m.last_name AS responsible_name, x.due_date::text AS due_date,
       x.note, x.done_at::text AS done_at, x.done_by_name, x.check_due_date::text AS check_due_date, x.effectiveness,
       x.effectiveness_note, x.checked_at, x.checked_by_name`;
export const ACTION_FROM = `FROM risk_assessment_action x
  JOIN risk_assessment_risk r ON r.uuid = x.risk_uuid
  JOIN member m ON m.uuid = x.responsible_member_uuid`;
export const ACTION_SELECT = `SELECT ${ACTION_COLUMNS} ${ACTION_FROM}`;

export function toAction(row: ActionListRow): RiskAction {
  return {
    uuid: row.uuid,
    riskUuid: row.risk_uuid,
    load: row.load,
    riskFactor: row.risk_factor,
    level: riskLevelOf(row.risk_factor)?.level ?? 'veryLow',
    origin: row.origin,
    stop: row.stop,
    description: row.description,
    responsibleMemberUuid: row.responsible_member_uuid,
    responsibleName: row.responsible_name,
    dueDate: row.due_date,
    note: row.note,
    doneAt: row.done_at,
    doneByName: row.done_by_name,
    checkDueDate: row.check_due_date,
    effectiveness: row.effectiveness,
    effectivenessNote: row.effectiveness_note,
    checkedAt: iso(row.checked_at),
    checkedByName: row.checked_by_name,
  };
}
