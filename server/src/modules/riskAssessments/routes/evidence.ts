import { hasAnyPermission } from '@dash/shared-core';
import {
  ENDPOINTS,
  EVIDENCE_PHOTO_MAX_BYTES,
  EVIDENCE_PHOTOS_PER_ANSWER,
  UPLOADED_BYTES_MARKER,
} from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { addBinaryBodyParser } from '../../../http/binaryBody';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { loadContent } from '../content';
import { evaluableAssignments } from '../evaluation';
import { cleanJpeg } from '../evidenceJpeg';
import { type ExecutionRow, loadExecution } from '../lookups';

/**
 * An open inspection the member works on: photos are added and removed while it is open (a completed or closed one is
 * a record); a survey takes none (it is anonymous, docs/risk-assessments.md "Anonymity").
 */
async function openInspection(tx: Queryable, session: SessionContext, executionUuid: string): Promise<ExecutionRow> {
  const row = await loadExecution(tx, session, executionUuid, true);
  if (row.kind !== 'inspection') throw new ApiHttpError(409, 'Evidence.SurveyAnonymous');
  if (row.completed_at !== null) throw new ApiHttpError(409, 'RiskAssessmentExecution.AlreadyCompleted');
  if (row.phase_over) throw new ApiHttpError(409, 'Task.Inactive');
  return row;
}

/**
 * Evidence photos on the answers of an inspection (docs/risk-assessment-follow-up.md "Evidence"): upload (the JPEG as
 * the body, checked and stripped of metadata), list, remove, and the photo itself for those who work on the analysis
 * or evaluate it.
 */
export function registerEvidenceRoutes(app: FastifyInstance, db: Database): void {
  // The photo comes as the request's body (beyond the JSON calls' 64 KiB): its own scope with the body parser.
  app.register(async (scope) => {
    addBinaryBodyParser(scope, ENDPOINTS.riskAssessmentUploadEvidencePhoto, EVIDENCE_PHOTO_MAX_BYTES);
    registerEndpoint(scope, db, ENDPOINTS.riskAssessmentUploadEvidencePhoto, async ({ body, session }) => {
      const photo = cleanJpeg(Buffer.from(body.file[UPLOADED_BYTES_MARKER]));
      return db.transaction(async (tx) => {
        const execution = await openInspection(tx, session, body.executionUuid);
        const content = await loadContent(tx, execution.type);
        if (!content?.questionKeys.has(body.questionKey)) throw new ApiHttpError(400, 'Schema.ValidationFailed');
        const [count] = await tx.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM risk_assessment_evidence_photo WHERE execution_uuid = $1 AND question_key = $2',
          [execution.uuid, body.questionKey],
        );
        if ((count?.count ?? 0) >= EVIDENCE_PHOTOS_PER_ANSWER) throw new ApiHttpError(409, 'Evidence.TooMany');
        const [created] = await tx.query<{ uuid: string; created_at: unknown }>(
          `INSERT INTO risk_assessment_evidence_photo (client_uuid, execution_uuid, question_key, content, width, height,
                                                       byte_size, created_by_member_uuid)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING uuid, created_at`,
          [
            session.clientUuid,
            execution.uuid,
            body.questionKey,
            photo.content,
            photo.width,
            photo.height,
            photo.content.length,
            session.memberUuid,
          ],
        );
        if (!created) throw new Error('photo not stored');
        await recordAudit(tx, session, [
          {
            action: 'risk-assessment.add-evidence-photo',
            entityType: 'risk-assessment',
            entityUuid: execution.task_uuid,
            after: {
              photoUuid: created.uuid,
              executionUuid: execution.uuid,
              questionKey: body.questionKey,
              bytes: photo.content.length,
            },
          },
        ]);
        return {
          uuid: created.uuid,
          questionKey: body.questionKey,
          width: photo.width,
          height: photo.height,
          createdAt: iso(created.created_at) ?? '',
        };
      });
    });
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentEvidencePhotoList, async ({ body, session }) => {
    const execution = await loadExecution(db, session, body.executionUuid, false);
    const rows = await db.query<{
      uuid: string;
      question_key: string;
      width: number;
      height: number;
      created_at: unknown;
    }>(
      `SELECT uuid, question_key, width, height, created_at FROM risk_assessment_evidence_photo
        WHERE execution_uuid = $1 ORDER BY question_key, created_at, uuid`,
      [execution.uuid],
    );
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        questionKey: row.question_key,
        width: row.width,
        height: row.height,
        createdAt: iso(row.created_at) ?? '',
      })),
    };
  });

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentDeleteEvidencePhoto, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const [photo] = await tx.query<{ execution_uuid: string; question_key: string }>(
        'SELECT execution_uuid, question_key FROM risk_assessment_evidence_photo WHERE uuid = $1 AND client_uuid = $2',
        [body.uuid, session.clientUuid],
      );
      if (!photo) throw new ApiHttpError(404, 'Evidence.NotFound');
      const execution = await openInspection(tx, session, photo.execution_uuid);
      await tx.query('DELETE FROM risk_assessment_evidence_photo WHERE uuid = $1', [body.uuid]);
      await recordAudit(tx, session, [
        {
          action: 'risk-assessment.remove-evidence-photo',
          entityType: 'risk-assessment',
          entityUuid: execution.task_uuid,
          before: { photoUuid: body.uuid, executionUuid: execution.uuid, questionKey: photo.question_key },
        },
      ]);
      return { ok: true as const };
    }),
  );

  registerEndpoint(app, db, ENDPOINTS.riskAssessmentEvidencePhoto, async ({ body, session, reply }) => {
    // Whoever works on the analysis (his own, or a shared inspection he has a task for), and those who evaluate the
    // assignment (the evaluation list's scope). Anybody else's answer is the unknown photo's.
    const params: unknown[] = [body.uuid, session.clientUuid, session.memberUuid];
    const mine = `EXISTS (SELECT 1 FROM risk_assessment_member_task mt WHERE mt.assignment_uuid = e.assignment_uuid
                     AND mt.member_uuid = $3 AND (e.member_uuid IS NULL OR e.member_uuid = $3))`;
    const evaluates = hasAnyPermission(session.permissions, ['risk-assessment.read-risk-list'])
      ? ` OR (${evaluableAssignments(session, params)})`
      : '';
    const [photo] = await db.query<{ content: Uint8Array }>(
      `SELECT p.content FROM risk_assessment_evidence_photo p
         JOIN risk_assessment_execution e ON e.uuid = p.execution_uuid
         JOIN risk_assessment_assignment a ON a.uuid = e.assignment_uuid
        WHERE p.uuid = $1 AND p.client_uuid = $2 AND (${mine}${evaluates})`,
      params,
    );
    if (!photo) throw new ApiHttpError(404, 'Evidence.NotFound');
    // A photo never changes (a new one gets a new uuid): the browser may keep it, for this member only.
    reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return Buffer.from(photo.content);
  });
}
