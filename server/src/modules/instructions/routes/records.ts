import { INSTRUCTION_CONFIRM_GRACE_DAYS } from '@dash/shared-core/calls';
import { ENDPOINTS, type InstructionAttendance } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { creditCompletedElearnings } from '../elearningCredit';
import {
  DUE_STATE_SQL,
  INSTRUCTION_COLUMNS,
  type InstructionRow,
  loadDocuments,
  loadInstruction,
  noteInstructionTasksChanged,
  toListItem,
  visibleInstructions,
} from '../lookups';

/** The target's table and how its current members are read ($1 target, $2 client; archived members are no one's). */
const TARGETS = {
  'member-group': {
    name: 'SELECT name FROM member_group WHERE uuid = $1 AND client_uuid = $2',
    members: `SELECT m.uuid, m.first_name, m.last_name FROM member_group_member gm JOIN member m ON m.uuid = gm.member_uuid
               WHERE gm.member_group_uuid = $1 AND m.client_uuid = $2 AND m.archived_at IS NULL`,
  },
  location: {
    name: 'SELECT name FROM location WHERE uuid = $1 AND client_uuid = $2',
    members: `SELECT m.uuid, m.first_name, m.last_name FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid
               WHERE lm.location_uuid = $1 AND m.client_uuid = $2 AND m.archived_at IS NULL`,
  },
  'org-unit': {
    name: 'SELECT name FROM org_unit WHERE uuid = $1 AND client_uuid = $2',
    members: `SELECT m.uuid, m.first_name, m.last_name FROM org_unit_membership om JOIN member m ON m.uuid = om.member_uuid
               WHERE om.org_unit_uuid = $1 AND m.client_uuid = $2 AND m.archived_at IS NULL`,
  },
} as const;

/** The target's members now who are not part of instruction $3 ($1 target, $2 client): those who joined since. */
function joinersOf(type: keyof typeof TARGETS): string {
  return `SELECT * FROM (${TARGETS[type].members}) current
           WHERE NOT EXISTS (SELECT 1 FROM instruction_attendance a
                              WHERE a.instruction_uuid = $3 AND a.member_uuid = current.uuid)`;
}

const LIST_SORT = { heldOn: 'i.held_on', title: 'lower(i.title)', targetName: 'lower(i.target_name)' };

interface AttendanceRow {
  uuid: string;
  member_uuid: string;
  member_name: string;
  due_date: string;
  confirmed_at: Date | string | null;
  signed_on: InstructionAttendance['signedOn'];
  next_due_date: string | null;
  due_state: InstructionAttendance['dueState'];
}

/**
 * The target's name. One of another client is unknown, and so is, for an ou-admin, any target but an org unit he
 * administers, and for a loc-admin any target but a location he is responsible for (visibleInstructions' rule).
 */
async function targetName(tx: Queryable, session: SessionContext, type: keyof typeof TARGETS, uuid: string) {
  const [row] = await tx.query<{ name: string }>(TARGETS[type].name, [uuid, session.clientUuid]);
  if (!row) throw new ApiHttpError(404, 'Instruction.TargetNotFound');
  if (session.role === 'ou-admin') {
    const [administered] = await tx.query(
      'SELECT 1 FROM org_unit_admin WHERE org_unit_uuid = $1 AND member_uuid = $2',
      [uuid, session.memberUuid],
    );
    if (type !== 'org-unit' || !administered) throw new ApiHttpError(404, 'Instruction.TargetNotFound');
  }
  if (session.role === 'loc-admin') {
    const [responsible] = await tx.query(
      'SELECT 1 FROM location_member WHERE location_uuid = $1 AND member_uuid = $2 AND responsible',
      [uuid, session.memberUuid],
    );
    if (type !== 'location' || !responsible) throw new ApiHttpError(404, 'Instruction.TargetNotFound');
  }
  return row.name;
}

/** The administrators' part: list, record, details with the attendance. */
export function registerRecordRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.instructionList, async ({ body, session }) => {
    const params: unknown[] = [];
    let where = `WHERE ${visibleInstructions(session, params)}`;
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      // One lower() per row and a plain LIKE: a third of the time of three ILIKEs (PostgreSQL, 1,500 instructions).
      where += ` AND lower(i.title || ' ' || i.target_name || ' ' || i.instructor_name) LIKE lower($${params.length})`;
    }
    if (body.filter.targetType) {
      params.push(body.filter.targetType);
      where += ` AND i.target_type = $${params.length}`;
    }
    if (body.filter.completion === 'open') where += ' AND i.confirmed_count < i.attendee_count';
    if (body.filter.completion === 'complete') where += ' AND i.confirmed_count = i.attendee_count';
    const { rows, total } = await readTablePage<InstructionRow>(db, {
      select: `SELECT ${INSTRUCTION_COLUMNS} FROM instruction i ${where}`,
      count: `SELECT count(*)::int AS total FROM instruction i ${where}`,
      params,
      order: orderBy(LIST_SORT, body.sortBy, body.sortDirection, 'i.uuid', new Set()),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(toListItem), total };
  });

  registerEndpoint(app, db, ENDPOINTS.instructionCreate, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const name = await targetName(tx, session, body.targetType, body.targetUuid);
      if (body.instructorMemberUuid) {
        const [instructor] = await tx.query('SELECT 1 FROM member WHERE uuid = $1 AND client_uuid = $2', [
          body.instructorMemberUuid,
          session.clientUuid,
        ]);
        if (!instructor) throw new ApiHttpError(404, 'Instruction.InstructorNotFound');
      }
      if (body.elearningUuid) {
        const [course] = await tx.query('SELECT 1 FROM elearning WHERE uuid = $1 AND client_uuid = $2', [
          body.elearningUuid,
          session.clientUuid,
        ]);
        if (!course) throw new ApiHttpError(404, 'Elearning.NotFound');
      }
      const templateUuids = [...new Set(body.templateUuids)];
      // The client's own templates and its licensee's (the templates app's rule).
      const documents = await tx.query<{ uuid: string; title: string }>(
        `SELECT t.uuid, t.title FROM template t
          WHERE t.uuid = ANY($1::uuid[])
            AND (t.client_uuid = $2 OR t.licensee_uuid = (SELECT licensee_uuid FROM client WHERE uuid = $2))`,
        [templateUuids, session.clientUuid],
      );
      if (documents.length !== templateUuids.length) throw new ApiHttpError(404, 'Instruction.DocumentNotFound');
      const [instruction] = await tx.query<{ uuid: string }>(
        `INSERT INTO instruction (client_uuid, title, held_on, instructor_name, instructor_member_uuid, target_type,
                                  target_uuid, target_name, repeat_interval_months, confirm_by, created_by_member_uuid,
                                  elearning_uuid)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $3::date + $10::int, $11, $12) RETURNING uuid`,
        [
          session.clientUuid,
          body.title,
          body.heldOn,
          body.instructorName,
          body.instructorMemberUuid,
          body.targetType,
          body.targetUuid,
          name,
          body.repeatIntervalMonths,
          INSTRUCTION_CONFIRM_GRACE_DAYS,
          session.memberUuid,
          body.elearningUuid,
        ],
      );
      if (!instruction) throw new ApiHttpError(500, 'Generic.PersistFailed');
      // The members of the target now: later joiners are not part of this instruction (they need one of their own).
      const attendees = await tx.query<{ member_uuid: string }>(
        `INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date)
         SELECT $3, $2, x.uuid, x.first_name || ' ' || x.last_name, i.confirm_by
           FROM (${TARGETS[body.targetType].members}) x JOIN instruction i ON i.uuid = $3
         RETURNING member_uuid`,
        [body.targetUuid, session.clientUuid, instruction.uuid],
      );
      if (attendees.length === 0) throw new ApiHttpError(409, 'Instruction.TargetEmpty');
      await tx.query('UPDATE instruction SET attendee_count = $2 WHERE uuid = $1', [
        instruction.uuid,
        attendees.length,
      ]);
      // Members who already completed the named e-learning recently enough need not sign.
      const credited = body.elearningUuid
        ? await creditCompletedElearnings(tx, { instructionUuid: instruction.uuid })
        : 0;
      if (documents.length > 0) {
        await tx.query(
          `INSERT INTO instruction_document (instruction_uuid, template_uuid, title)
           SELECT $1, x.uuid, x.title FROM jsonb_to_recordset($2::jsonb) AS x(uuid uuid, title text)`,
          [instruction.uuid, JSON.stringify(documents)],
        );
      }
      await noteInstructionTasksChanged(tx, session.clientUuid);
      await recordAudit(tx, session, [
        {
          action: 'instruction.create',
          entityType: 'instruction',
          entityUuid: instruction.uuid,
          after: {
            title: body.title,
            heldOn: body.heldOn,
            instructorName: body.instructorName,
            target: { type: body.targetType, uuid: body.targetUuid, name },
            repeatIntervalMonths: body.repeatIntervalMonths,
            documents: documents.map((document) => document.title),
            attendeeCount: attendees.length,
            elearningUuid: body.elearningUuid,
            confirmedByElearning: credited,
          },
        },
      ]);
      return { uuid: instruction.uuid };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.instructionDetails, async ({ body, session }) => {
    const instruction = await loadInstruction(db, session, body.uuid);
    // The page's own counts, read here only (the attendance list and the PDF load the instruction too).
    const [documents, [counts]] = await Promise.all([
      loadDocuments(db, [instruction.uuid]),
      db.query<{ joiners: number; signatures: number }>(
        `SELECT (SELECT count(*)::int FROM (${joinersOf(instruction.targetType)}) joiner) AS joiners,
                (SELECT count(*)::int FROM instruction_attendance a
                  WHERE a.instruction_uuid = $3 AND a.signature_png IS NOT NULL) AS signatures`,
        [instruction.targetUuid, session.clientUuid, instruction.uuid],
      ),
    ]);
    return {
      ...instruction,
      documents: documents.get(instruction.uuid) ?? [],
      joinerCount: counts?.joiners ?? 0,
      signatureCount: counts?.signatures ?? 0,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.instructionAddJoiners, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const instruction = await loadInstruction(tx, session, body.uuid);
      // Each joiner has the grace from today to confirm: he is instructed when he is there (a catch-up), and signs then.
      const added = await tx.query<{ member_uuid: string }>(
        `INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date)
         SELECT $3, $2, x.uuid, x.first_name || ' ' || x.last_name, current_date + $4::int
           FROM (${joinersOf(instruction.targetType)}) x
         ON CONFLICT (instruction_uuid, member_uuid) DO NOTHING
         RETURNING member_uuid`,
        [instruction.targetUuid, session.clientUuid, instruction.uuid, INSTRUCTION_CONFIRM_GRACE_DAYS],
      );
      if (added.length === 0) return { added: 0, confirmedByElearning: 0 };
      await tx.query(
        `UPDATE instruction SET attendee_count = (SELECT count(*)::int FROM instruction_attendance
                                                  WHERE instruction_uuid = $1) WHERE uuid = $1`,
        [instruction.uuid],
      );
      // A joiner who completed the e-learning that counts for it is confirmed by it, as at recording.
      const credited = instruction.elearning
        ? await creditCompletedElearnings(tx, { instructionUuid: instruction.uuid })
        : 0;
      await noteInstructionTasksChanged(tx, session.clientUuid);
      await recordAudit(
        tx,
        session,
        added.map((row) => ({
          action: 'instruction.add-joiner',
          entityType: 'instruction',
          entityUuid: instruction.uuid,
          memberUuid: row.member_uuid,
          after: { title: instruction.title, heldOn: instruction.heldOn, target: instruction.targetName },
        })),
      );
      return { added: added.length, confirmedByElearning: credited };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.instructionDelete, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const instruction = await loadInstruction(tx, session, body.uuid);
      // The attendance rows locked first, in the order a signature takes its locks (row, then instruction): a
      // signature given meanwhile is waited for and seen, never deleted with the record.
      const [signatures] = await tx.query<{ count: number }>(
        `SELECT count(*) FILTER (WHERE signed.signature_png IS NOT NULL)::int AS count
           FROM (SELECT signature_png FROM instruction_attendance WHERE instruction_uuid = $1 FOR UPDATE) signed`,
        [instruction.uuid],
      );
      // A signed record is evidence for an inspection: it stays (a mistake in it is set right by a new instruction).
      if ((signatures?.count ?? 0) > 0) throw new ApiHttpError(409, 'Instruction.Signed');
      await tx.query('DELETE FROM instruction WHERE uuid = $1', [instruction.uuid]);
      await noteInstructionTasksChanged(tx, session.clientUuid);
      await recordAudit(tx, session, [
        {
          action: 'instruction.delete',
          entityType: 'instruction',
          entityUuid: instruction.uuid,
          before: {
            title: instruction.title,
            heldOn: instruction.heldOn,
            instructorName: instruction.instructorName,
            target: { type: instruction.targetType, uuid: instruction.targetUuid, name: instruction.targetName },
            attendeeCount: instruction.attendeeCount,
            confirmedCount: instruction.confirmedCount,
          },
        },
      ]);
      return { ok: true as const };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.instructionAttendanceList, async ({ body, session }) => {
    const instruction = await loadInstruction(db, session, body.uuid);
    const params: unknown[] = [instruction.uuid];
    let where = 'WHERE a.instruction_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      where += ` AND a.member_name ILIKE $${params.length}`;
    }
    const { rows, total } = await readTablePage<AttendanceRow>(db, {
      select: `SELECT a.uuid, a.member_uuid, a.member_name, a.due_date::text AS due_date, a.confirmed_at, a.signed_on,
                      a.next_due_date::text AS next_due_date, ${DUE_STATE_SQL} AS due_state
                 FROM instruction_attendance a JOIN instruction i ON i.uuid = a.instruction_uuid ${where}`,
      count: `SELECT count(*)::int AS total FROM instruction_attendance a ${where}`,
      params,
      order: orderBy(
        { memberName: 'lower(a.member_name)', confirmedAt: 'a.confirmed_at' },
        body.sortBy,
        body.sortDirection,
        'a.uuid',
        new Set(['confirmedAt']),
      ),
      page: body.page,
      perPage: body.perPage,
    });
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        memberUuid: row.member_uuid,
        memberName: row.member_name,
        dueDate: row.due_date,
        confirmedAt: iso(row.confirmed_at),
        signedOn: row.signed_on,
        nextDueDate: row.next_due_date,
        dueState: row.due_state,
      })),
      total,
    };
  });
}
