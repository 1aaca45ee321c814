import { ENDPOINTS, type MyInstruction } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { iso, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { registerEndpoint } from '../../../http/route';
import { DUE_STATE_SQL, loadDocuments } from '../lookups';

/** "Meine Unterweisungen": the signed-in member's own attendance rows, to sign and signed. */
export function registerMemberTaskRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.instructionMyList, async ({ body, session }) => {
    const params: unknown[] = [session.memberUuid, session.clientUuid];
    let where = 'WHERE a.member_uuid = $1 AND a.client_uuid = $2';
    if (body.filter.state === 'toSign') where += ' AND a.confirmed_at IS NULL';
    if (body.filter.state === 'signed') where += ' AND a.confirmed_at IS NOT NULL';
    const from = 'FROM instruction_attendance a JOIN instruction i ON i.uuid = a.instruction_uuid';
    const { rows, total } = await readTablePage<{
      uuid: string;
      instruction_uuid: string;
      title: string;
      held_on: string;
      instructor_name: string;
      target_name: string;
      due_date: string;
      confirmed_at: Date | string | null;
      signed_on: MyInstruction['signedOn'];
      next_due_date: string | null;
      due_state: MyInstruction['dueState'];
    }>(db, {
      select: `SELECT a.uuid, a.instruction_uuid, i.title, i.held_on::text AS held_on, i.instructor_name, i.target_name,
                      a.due_date::text AS due_date, a.confirmed_at, a.signed_on, a.next_due_date::text AS next_due_date,
                      ${DUE_STATE_SQL} AS due_state ${from} ${where}`,
      count: `SELECT count(*)::int AS total ${from} ${where}`,
      params,
      // Unsigned first, then by the day that matters: the confirm-by day, or the day the topic is due again.
      order: orderBy(
        {
          dueDate: '(a.confirmed_at IS NOT NULL), coalesce(a.next_due_date, a.due_date)',
          title: 'lower(i.title)',
          heldOn: 'i.held_on',
        },
        body.sortBy,
        body.sortDirection,
        'a.uuid',
        new Set(),
      ),
      page: body.page,
      perPage: body.perPage,
    });
    const documents = await loadDocuments(
      db,
      rows.map((row) => row.instruction_uuid),
    );
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        instructionUuid: row.instruction_uuid,
        title: row.title,
        heldOn: row.held_on,
        instructorName: row.instructor_name,
        targetName: row.target_name,
        dueDate: row.due_date,
        confirmedAt: iso(row.confirmed_at),
        signedOn: row.signed_on,
        nextDueDate: row.next_due_date,
        dueState: row.due_state,
        documents: documents.get(row.instruction_uuid) ?? [],
      })),
      total,
    };
  });
}
