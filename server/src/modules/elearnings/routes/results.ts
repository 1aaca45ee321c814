import { formatVerificationCode } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { sendCertificatePdf } from '../certificates';
import { ownExecution, resultOfExecution } from '../lookups';

/** A completed execution's result, and its certificate as a PDF. */
export function registerResultRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
): void {
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
    const completedAt = new Date(result.completedAt);
    const verificationCode = result.verificationCode.replace(/-/g, '');
    return sendCertificatePdf(
      db,
      config,
      { ...result, clientUuid: session.clientUuid, completedAt, verificationCode },
      reply,
    );
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
    verification_code: string;
  }>(
    `SELECT r.uuid, r.execution_uuid, r.member_uuid, r.member_name, r.course_title, r.language, r.completed_at,
            r.duration_seconds, r.score_percent, r.passed, c.name AS client_name, r.verification_code
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
    verificationCode: formatVerificationCode(row.verification_code),
  };
}
