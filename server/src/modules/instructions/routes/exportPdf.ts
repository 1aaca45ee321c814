import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { registerEndpoint } from '../../../http/route';
import { buildInstructionRecordPdf } from '../instructionPdf';
import { loadDocuments, loadInstruction } from '../lookups';

/** The instruction record as PDF, with every attendee's signature as drawn. */
export function registerExportRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.instructionExportPdf, async ({ body, session, reply }) => {
    const instruction = await loadInstruction(db, session, body.uuid);
    const documents = await loadDocuments(db, [instruction.uuid]);
    const [head] = await db.query<{ client_name: string; licensee_name: string; today: string }>(
      `SELECT c.name AS client_name, li.name AS licensee_name, current_date::text AS today
         FROM client c JOIN licensee li ON li.uuid = c.licensee_uuid WHERE c.uuid = $1`,
      [session.clientUuid],
    );
    const attendees = await db.query<{
      member_name: string;
      confirmed_at: string | null;
      signed_on: 'instructor-device' | 'own-device' | 'elearning' | null;
      signature_png: Uint8Array | null;
    }>(
      `SELECT member_name, confirmed_at::date::text AS confirmed_at, signed_on, signature_png
         FROM instruction_attendance WHERE instruction_uuid = $1 ORDER BY lower(member_name), uuid`,
      [instruction.uuid],
    );
    const file = await buildInstructionRecordPdf(body.language, {
      licenseeName: head?.licensee_name ?? '',
      clientName: head?.client_name ?? '',
      title: instruction.title,
      heldOn: instruction.heldOn,
      instructorName: instruction.instructorName,
      targetName: instruction.targetName,
      repeatIntervalMonths: instruction.repeatIntervalMonths,
      documents: (documents.get(instruction.uuid) ?? []).map((document) => document.title),
      createdOn: head?.today ?? instruction.heldOn,
      attendees: attendees.map((row) => ({
        memberName: row.member_name,
        confirmedAt: row.confirmed_at,
        signedOn: row.signed_on,
        signaturePng: row.signature_png ? new Uint8Array(row.signature_png) : null,
      })),
    });
    const safeName = `${instruction.title} ${instruction.heldOn}`.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'record';
    reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="instruction-record.pdf"; filename*=UTF-8''${encodeURIComponent(`${safeName}.pdf`)}`,
      )
      .header('cache-control', 'no-store');
    return file;
  });
}
