import type { InstructionDetails, InstructionListItem } from '@dash/shared-core/contract';
import type { Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';

export interface InstructionRow {
  uuid: string;
  title: string;
  held_on: string;
  instructor_name: string;
  instructor_member_uuid: string | null;
  target_type: InstructionListItem['targetType'];
  target_uuid: string;
  target_name: string;
  repeat_interval_months: number;
  confirm_by: string;
  attendee_count: number;
  confirmed_count: number;
  created_at: Date | string;
}

/** The list's columns of `instruction i` (dates as YYYY-MM-DD text: no time zone can shift them). */
export const INSTRUCTION_COLUMNS = `i.uuid, i.title, i.held_on::text AS held_on, i.instructor_name, i.instructor_member_uuid,
  i.target_type, i.target_uuid, i.target_name, i.repeat_interval_months, i.confirm_by::text AS confirm_by,
  i.attendee_count, i.confirmed_count, i.created_at`;

export function toListItem(row: InstructionRow): InstructionListItem {
  return {
    uuid: row.uuid,
    title: row.title,
    heldOn: row.held_on,
    instructorName: row.instructor_name,
    targetType: row.target_type,
    targetName: row.target_name,
    repeatIntervalMonths: row.repeat_interval_months,
    attendeeCount: row.attendee_count,
    confirmedCount: row.confirmed_count,
  };
}

/**
 * Which instructions (alias `i`) the session may see and work on: the client's; an ou-admin only those for an org unit
 * he administers (the evaluations' rule), a loc-admin only those for a location he is responsible for (the locations'
 * rule). Appends its parameters.
 */
export function visibleInstructions(session: SessionContext, params: unknown[], alias = 'i'): string {
  params.push(session.clientUuid);
  let condition = `${alias}.client_uuid = $${params.length}`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND ${alias}.target_type = 'org-unit' AND EXISTS (SELECT 1 FROM org_unit_admin oa
                     WHERE oa.org_unit_uuid = ${alias}.target_uuid AND oa.member_uuid = $${params.length})`;
  } else if (session.role === 'loc-admin') {
    params.push(session.memberUuid);
    condition += ` AND ${alias}.target_type = 'location' AND EXISTS (SELECT 1 FROM location_member lm
                     WHERE lm.location_uuid = ${alias}.target_uuid AND lm.member_uuid = $${params.length} AND lm.responsible)`;
  }
  return condition;
}

/**
 * One instruction the session may see (visibleInstructions); another client's, or another unit's for an ou-admin,
 * answers exactly as one that does not exist.
 */
export async function loadInstruction(
  db: Queryable,
  session: SessionContext,
  uuid: string,
): Promise<Omit<InstructionDetails, 'documents' | 'joinerCount' | 'signatureCount'>> {
  const params: unknown[] = [uuid];
  const [row] = await db.query<InstructionRow & { elearning_uuid: string | null; elearning_title: string | null }>(
    `SELECT ${INSTRUCTION_COLUMNS}, e.uuid AS elearning_uuid, e.title AS elearning_title
       FROM instruction i LEFT JOIN elearning e ON e.uuid = i.elearning_uuid
      WHERE i.uuid = $1 AND ${visibleInstructions(session, params)}`,
    params,
  );
  if (!row) throw new ApiHttpError(404, 'Instruction.NotFound');
  return {
    ...toListItem(row),
    instructorMemberUuid: row.instructor_member_uuid,
    targetUuid: row.target_uuid,
    confirmBy: row.confirm_by,
    createdAt: iso(row.created_at) ?? '',
    elearning:
      row.elearning_uuid && row.elearning_title ? { uuid: row.elearning_uuid, title: row.elearning_title } : null,
  };
}

export async function loadDocuments(
  db: Queryable,
  instructionUuids: readonly string[],
): Promise<Map<string, Array<{ templateUuid: string; title: string }>>> {
  const documents = new Map<string, Array<{ templateUuid: string; title: string }>>();
  if (instructionUuids.length === 0) return documents;
  const rows = await db.query<{ instruction_uuid: string; template_uuid: string; title: string }>(
    `SELECT instruction_uuid, template_uuid, title FROM instruction_document
      WHERE instruction_uuid = ANY($1::uuid[]) ORDER BY lower(title), template_uuid`,
    [instructionUuids],
  );
  for (const row of rows) {
    const list = documents.get(row.instruction_uuid) ?? [];
    list.push({ templateUuid: row.template_uuid, title: row.title });
    documents.set(row.instruction_uuid, list);
  }
  return documents;
}

/**
 * Notes that the client's instruction tasks changed (migration 019's data_change: the version moves once, at the
 * commit): the start page's counts, kept per task version (core/tasks/taskVersion.ts), are read again.
 */
export async function noteInstructionTasksChanged(tx: Queryable, clientUuid: string): Promise<void> {
  await tx.query(
    `INSERT INTO data_change (scope, key, txid) VALUES ('instruction-tasks', $1, txid_current()) ON CONFLICT DO NOTHING`,
    [clientUuid],
  );
}

/**
 * The due state of attendance `a` of instruction `i` (INSTRUCTION_DUE_STATES): unsigned ones by their confirm-by
 * day, signed ones by the day the topic is due again, unless a later instruction on the same topic (title, any case)
 * took its place for the member.
 */
export const DUE_STATE_SQL = `CASE
  WHEN a.confirmed_at IS NULL THEN CASE WHEN a.due_date < current_date THEN 'overdue'
                                        WHEN a.due_date <= current_date + 7 THEN 'dueSoon' ELSE 'open' END
  WHEN EXISTS (SELECT 1 FROM instruction_attendance later JOIN instruction li ON li.uuid = later.instruction_uuid
                WHERE later.member_uuid = a.member_uuid AND lower(li.title) = lower(i.title)
                  AND (li.held_on, li.uuid) > (i.held_on, i.uuid)) THEN 'done'
  WHEN a.next_due_date < current_date THEN 'repeatOverdue'
  WHEN a.next_due_date <= (current_date + interval '1 month')::date THEN 'repeatDueSoon'
  ELSE 'done' END`;
