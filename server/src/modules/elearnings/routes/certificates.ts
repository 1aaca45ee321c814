import { formatVerificationCode, normaliseVerificationCode } from '@dash/shared-core';
import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import { visibleMembers } from '../../../core/access/scope';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { licenseeForHost } from '../../../core/licensees/licensees';
import { ApiHttpError } from '../../../http/errors';
import { hostNameOf } from '../../../http/hostName';
import { registerEndpoint } from '../../../http/route';
import { checkRateLimit, RATE_LIMITS } from '../../auth/rateLimit';
import { type CertificateResult, sendCertificatePdf, VALID_UNTIL_SQL, validitySql } from '../certificates';

const MY_CERTIFICATES_SORT = {
  validUntil: 'c.valid_until',
  completedAt: 'c.completed_at',
  courseTitle: 'lower(c.course_title)',
};

interface ResultRow {
  client_uuid: string;
  member_name: string;
  course_title: string;
  language: 'de_DE' | 'en_GB';
  completed_at: unknown;
  duration_seconds: number;
  score_percent: string | number | null;
  client_name: string;
  verification_code: string;
}

const RESULT_COLUMNS = `r.client_uuid, r.member_name, r.course_title, r.language, r.completed_at, r.duration_seconds,
  r.score_percent, c.name AS client_name, r.verification_code`;

function certificateResult(row: ResultRow): CertificateResult {
  return {
    clientUuid: row.client_uuid,
    memberName: row.member_name,
    courseTitle: row.course_title,
    language: row.language,
    completedAt: new Date(iso(row.completed_at) ?? ''),
    durationSeconds: row.duration_seconds,
    scorePercent: row.score_percent === null ? null : Number(row.score_percent),
    clientName: row.client_name,
    verificationCode: row.verification_code,
  };
}

/** Certificates: "Meine Nachweise", the analytics' download and the public verification of a code. */
export function registerCertificateRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<ServerConfig, 'publicUrl'>,
): void {
  registerEndpoint(app, db, ENDPOINTS.elearningMyCertificates, async ({ body, session }) => {
    const params: unknown[] = [session.memberUuid, session.clientUuid];
    const conditions: string[] = [];
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      conditions.push(`c.course_title ILIKE $${params.length}`);
    }
    if (body.filter.validity) {
      params.push(body.filter.validity);
      conditions.push(`c.validity = $${params.length}`);
    }
    // The member's results by the index on (member_uuid, completed_at); validity from the course's repeat interval.
    const matching = `WITH c AS (
         SELECT r.uuid, r.course_title, r.completed_at, r.score_percent, r.verification_code, v.valid_until::text,
                ${validitySql('v.valid_until')} AS validity
           FROM elearning_result r JOIN elearning e ON e.uuid = r.elearning_uuid
          CROSS JOIN LATERAL (SELECT ${VALID_UNTIL_SQL} AS valid_until) v
          WHERE r.member_uuid = $1 AND r.client_uuid = $2)
       SELECT c.*, (count(*) OVER ())::int AS total FROM c
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`;
    const pageParams = [...params, body.perPage, (body.page - 1) * body.perPage];
    const rows = await db.query<{
      uuid: string;
      course_title: string;
      completed_at: unknown;
      valid_until: string | null;
      validity: 'valid' | 'expired' | 'noExpiry';
      score_percent: string | number | null;
      verification_code: string;
      total: number;
    }>(
      `${matching} ${orderBy(MY_CERTIFICATES_SORT, body.sortBy, body.sortDirection, 'c.completed_at DESC, c.uuid')}
        LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`,
      pageParams,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && body.page > 1) {
      // Past the last page: the window count saw no rows, so count them apart.
      const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${matching}) m`, params);
      total = count?.total ?? 0;
    }
    return {
      items: rows.map((row) => ({
        uuid: row.uuid,
        courseTitle: row.course_title,
        completedAt: iso(row.completed_at) ?? '',
        validUntil: row.valid_until,
        validity: row.validity,
        scorePercent: row.score_percent === null ? null : Number(row.score_percent),
        verificationCode: formatVerificationCode(row.verification_code),
      })),
      total,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningMemberCertificatePdf, async ({ body, session, reply }) => {
    const params: unknown[] = [body.uuid];
    // The analytics' members: the client's, for an ou-admin those of his units (another's answers as unknown).
    const visible = visibleMembers(session, params, 'm');
    const [row] = await db.query<ResultRow>(
      `SELECT ${RESULT_COLUMNS}
         FROM elearning_result r JOIN member m ON m.uuid = r.member_uuid JOIN client c ON c.uuid = r.client_uuid
        WHERE r.uuid = $1 AND ${visible}`,
      params,
    );
    if (!row) throw new ApiHttpError(404, 'ElearningResult.NotFound');
    return sendCertificatePdf(db, config, certificateResult(row), reply);
  });

  registerEndpoint(app, db, ENDPOINTS.certificateVerify, async ({ body, request }) => {
    await checkRateLimit(db, 'certificate-verify', [
      { subject: request.ip, limit: RATE_LIMITS.certificateVerifyPerIp },
    ]);
    const code = normaliseVerificationCode(body.code);
    if (!code) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    // Only certificates of this host's licensee: another licensee's code answers as an unknown one.
    const licensee = await licenseeForHost(db, hostNameOf(request));
    const [row] = await db.query<{
      member_name: string;
      course_title: string;
      completed_at: unknown;
      valid_until: string | null;
      expired: boolean;
    }>(
      `SELECT r.member_name, r.course_title, r.completed_at, v.valid_until::text,
              coalesce(v.valid_until < current_date, false) AS expired
         FROM elearning_result r JOIN elearning e ON e.uuid = r.elearning_uuid JOIN client c ON c.uuid = r.client_uuid
        CROSS JOIN LATERAL (SELECT ${VALID_UNTIL_SQL} AS valid_until) v
        WHERE r.verification_code = $1 AND c.licensee_uuid = $2`,
      [code, licensee?.uuid ?? null],
    );
    if (!row) throw new ApiHttpError(404, 'Certificate.NotFound');
    return {
      memberName: row.member_name,
      courseTitle: row.course_title,
      completedAt: iso(row.completed_at) ?? '',
      validUntil: row.valid_until,
      valid: !row.expired,
    };
  });
}
