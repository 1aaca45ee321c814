import type { Queryable } from '../../core/db/database';
import { noteInstructionTasksChanged } from './lookups';

/**
 * A completed e-learning counts as the instruction for its topic (docs/instructions.md "E-learning instead of a
 * signature"): every unconfirmed attendance of an instruction that names the e-learning is confirmed by the member's
 * latest completion of it, when that lies within the instruction's repeat interval before the instruction day or
 * after it. The completion day is the confirmation day; the topic is due again an interval after it. Called when an
 * instruction is recorded (its whole target) and when a member completes an e-learning (his rows). Set-based: one
 * statement for the rows, one for the kept counts.
 */
export async function creditCompletedElearnings(
  tx: Queryable,
  scope: { instructionUuid: string } | { memberUuid: string; elearningUuid: string },
): Promise<number> {
  const byInstruction = 'instructionUuid' in scope;
  const rows = await tx.query<{ instruction_uuid: string; client_uuid: string }>(
    `UPDATE instruction_attendance a
        SET confirmed_at = c.completed_at, signed_on = 'elearning',
            next_due_date = (c.completed_at::date + make_interval(months => c.months))::date
       FROM (SELECT pending.uuid, i.repeat_interval_months AS months,
                    (SELECT max(t.completed_at) FROM elearning_task t
                      WHERE t.member_uuid = pending.member_uuid AND t.elearning_uuid = i.elearning_uuid
                        AND t.completed_at IS NOT NULL
                        AND t.completed_at >= i.held_on - make_interval(months => i.repeat_interval_months)) AS completed_at
               FROM instruction_attendance pending JOIN instruction i ON i.uuid = pending.instruction_uuid
              WHERE i.elearning_uuid IS NOT NULL AND pending.confirmed_at IS NULL
                AND ${byInstruction ? 'pending.instruction_uuid = $1' : 'pending.member_uuid = $1 AND i.elearning_uuid = $2'}) c
      WHERE a.uuid = c.uuid AND c.completed_at IS NOT NULL
      RETURNING a.instruction_uuid, a.client_uuid`,
    byInstruction ? [scope.instructionUuid] : [scope.memberUuid, scope.elearningUuid],
  );
  if (rows.length === 0) return 0;
  await tx.query(
    `UPDATE instruction i SET confirmed_count = (SELECT count(*)::int FROM instruction_attendance a
                                                  WHERE a.instruction_uuid = i.uuid AND a.confirmed_at IS NOT NULL)
      WHERE i.uuid = ANY($1::uuid[])`,
    [[...new Set(rows.map((row) => row.instruction_uuid))]],
  );
  for (const client of new Set(rows.map((row) => row.client_uuid))) await noteInstructionTasksChanged(tx, client);
  return rows.length;
}
