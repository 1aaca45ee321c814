import { themeWithDefaults } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { buildCertificatePdf, certificateFileName } from '../certificatePdf';
import { ownExecution, resultOfExecution } from '../lookups';

/** A completed execution's result, and its certificate as a PDF. */
export function registerResultRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningExecutionResult, async ({ body, session }) => {
    const execution = await ownExecution(db, session, body.uuid);
    const resultUuid = await resultOfExecution(db, execution.uuid);
    return { result: resultUuid ? await readResult(db, session, resultUuid) : null };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningResultData, async ({ body, session }) =>
    readResult(db, session, body.uuid),
  );

  registerEndpoint(app, db, ENDPOINTS.elearningCertificatePdf, async ({ body, session, reply }) => {
    const result = await readResult(db, session, body.uuid);
    const [licensee] = await db.query<{ name: string; theme: Parameters<typeof themeWithDefaults>[0] }>(
      'SELECT l.name, l.theme FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid WHERE c.uuid = $1',
      [session.clientUuid],
    );
    const certificate = {
      licenseeName: licensee?.name || 'Dashboard',
      primaryColour: themeWithDefaults(licensee?.theme ?? null).light.primary,
      clientName: result.clientName,
      memberName: result.memberName,
      courseTitle: result.courseTitle,
      completedAt: new Date(result.completedAt),
      durationSeconds: result.durationSeconds,
      scorePercent: result.scorePercent,
      language: result.language,
    };
    const file = await buildCertificatePdf(certificate);
    const filename = certificateFileName(certificate);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store');
    return file;
  });
}

async function readResult(db: Queryable, session: SessionContext, uuid: string) {
  const [row] = await db.query<{
    uuid: string;
    execution_uuid: string;
    member_uuid: string;
    member_name: string;
    course_title: string;
    language: 'de_DE' | 'en_GB';
    completed_at: unknown;
    duration_seconds: number;
    score_percent: string | number | null;
    passed: boolean | null;
    client_name: string;
  }>(
    `SELECT r.uuid, r.execution_uuid, r.member_uuid, r.member_name, r.course_title, r.language, r.completed_at,
            r.duration_seconds, r.score_percent, r.passed, c.name AS client_name
       FROM elearning_result r JOIN client c ON c.uuid = r.client_uuid
      WHERE r.uuid = $1 AND r.client_uuid = $2`,
    [uuid, session.clientUuid],
  );
  if (!row) throw new ApiHttpError(404, 'ElearningResult.NotFound');
  if (row.member_uuid !== session.memberUuid) throw new ApiHttpError(403, 'MemberExecution.WrongAssociation');
  return {
    uuid: row.uuid,
    executionUuid: row.execution_uuid,
    memberName: row.member_name,
    courseTitle: row.course_title,
    language: row.language,
    completedAt: iso(row.completed_at) ?? '',
    durationSeconds: row.duration_seconds,
    scorePercent: row.score_percent === null ? null : Number(row.score_percent),
    passed: row.passed,
    clientName: row.client_name,
  };
}
