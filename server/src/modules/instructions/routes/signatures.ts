import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { noteInstructionTasksChanged, visibleInstructions } from '../lookups';
import { parseSignaturePng } from '../signaturePng';

type SignedOn = 'instructor-device' | 'own-device';

/**
 * Confirms one attendance with its signature, in one transaction with the instruction's counter and the audit entry.
 * On the member's own device he signs only his own row (any other answers as unknown, like another client's).
 */
async function confirmAttendance(
  db: Database,
  session: SessionContext,
  attendanceUuid: string,
  signaturePng: string,
  signedOn: SignedOn,
): Promise<{ ok: true }> {
  const png = parseSignaturePng(signaturePng);
  if (!png) throw new ApiHttpError(400, 'Instruction.InvalidSignature');
  return db.transaction(async (tx) => {
    const params: unknown[] = [attendanceUuid];
    // The member's own row on his device; on the instructor's, a row of an instruction the session may work on.
    let scope: string;
    if (signedOn === 'own-device') {
      params.push(session.clientUuid, session.memberUuid);
      scope = 'a.client_uuid = $2 AND a.member_uuid = $3';
    } else {
      scope = visibleInstructions(session, params);
    }
    // Locks the row: two devices signing at once confirm it once.
    const [row] = await tx.query<{ instruction_uuid: string; member_uuid: string; confirmed: boolean; title: string }>(
      `SELECT a.instruction_uuid, a.member_uuid, a.confirmed_at IS NOT NULL AS confirmed, i.title
         FROM instruction_attendance a JOIN instruction i ON i.uuid = a.instruction_uuid
        WHERE a.uuid = $1 AND ${scope} FOR UPDATE OF a`,
      params,
    );
    if (!row) throw new ApiHttpError(404, 'Instruction.NotFound');
    if (row.confirmed) throw new ApiHttpError(409, 'Instruction.AlreadyConfirmed');
    const [confirmed] = await tx.query<{ confirmed_at: string; next_due_date: string }>(
      `UPDATE instruction_attendance a
          SET confirmed_at = now(), signed_on = $2, signature_png = $3,
              next_due_date = (current_date + make_interval(months => i.repeat_interval_months))::date
         FROM instruction i
        WHERE a.uuid = $1 AND i.uuid = a.instruction_uuid
        RETURNING a.confirmed_at::text AS confirmed_at, a.next_due_date::text AS next_due_date`,
      [attendanceUuid, signedOn, png],
    );
    await tx.query('UPDATE instruction SET confirmed_count = confirmed_count + 1 WHERE uuid = $1', [
      row.instruction_uuid,
    ]);
    await noteInstructionTasksChanged(tx, session.clientUuid);
    await recordAudit(tx, session, [
      {
        action: 'instruction.confirm',
        entityType: 'instruction',
        entityUuid: row.instruction_uuid,
        memberUuid: row.member_uuid,
        after: {
          title: row.title,
          signedOn,
          signatureBytes: png.length,
          confirmedAt: confirmed?.confirmed_at,
          nextDueDate: confirmed?.next_due_date,
        },
      },
    ]);
    return { ok: true as const };
  });
}

/** Signatures: on the instructor's device (an administrator's session) or on the member's own. */
export function registerSignatureRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.instructionSignForMember, async ({ body, session }) =>
    confirmAttendance(db, session, body.attendanceUuid, body.signaturePng, 'instructor-device'),
  );
  registerEndpoint(app, db, ENDPOINTS.instructionSignOwn, async ({ body, session }) =>
    confirmAttendance(db, session, body.attendanceUuid, body.signaturePng, 'own-device'),
  );
}
