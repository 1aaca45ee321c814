import { themeWithDefaults, verificationUrl } from '@dash/shared-core';
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../core/db/database';
import { LICENSEE_HOST_NAMES } from '../../core/licensees/licensees';
import { linkBase } from '../auth/passwordReset';
import { certificateLogo } from './certificateLogo';
import { buildCertificatePdf, type CertificateData, certificateFileName } from './certificatePdf';

/**
 * What the certificates share: their validity and their PDF (the member's own, the administrators' download from the
 * analytics). The rules are in docs/scorm.md, "Certificates".
 */

/**
 * The day a certificate's repeat is due, from result `r` and its e-learning `e`: the completion day plus the
 * course's repeat interval in months (the day the task rules make the next attempt due); NULL for a course done once.
 */
export const VALID_UNTIL_SQL = `CASE WHEN e.repeat_interval_months > 0
  THEN (r.completed_at::date + make_interval(months => e.repeat_interval_months))::date END`;

/** 'valid', 'expired' (the repeat was due before today) or 'noExpiry', from VALID_UNTIL_SQL's value `validUntil`. */
export function validitySql(validUntil: string): string {
  return `CASE WHEN ${validUntil} IS NULL THEN 'noExpiry' WHEN ${validUntil} < current_date THEN 'expired' ELSE 'valid' END`;
}

/** The facts of a result the certificate prints (fixed at completion), read by its uuid. */
export interface CertificateResult {
  clientUuid: string;
  memberName: string;
  courseTitle: string;
  language: 'de_DE' | 'en_GB';
  completedAt: Date;
  durationSeconds: number;
  scorePercent: number | null;
  clientName: string;
  verificationCode: string;
}

/** Sends the certificate of a result as a PDF download named after course, person and day. */
export async function sendCertificatePdf(
  db: Queryable,
  config: Pick<ServerConfig, 'publicUrl'>,
  result: CertificateResult,
  reply: FastifyReply,
): Promise<Uint8Array> {
  const [licensee] = await db.query<{
    name: string;
    theme: Parameters<typeof themeWithDefaults>[0];
    host_names: string[];
    is_default: boolean;
  }>(
    `SELECT l.name, l.theme, ${LICENSEE_HOST_NAMES} AS host_names, l.is_default
       FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid WHERE c.uuid = $1`,
    [result.clientUuid],
  );
  const certificate: CertificateData = {
    licenseeName: licensee?.name || 'Dashboard',
    primaryColour: themeWithDefaults(licensee?.theme ?? null).light.primary,
    clientName: result.clientName,
    memberName: result.memberName,
    courseTitle: result.courseTitle,
    completedAt: result.completedAt,
    durationSeconds: result.durationSeconds,
    scorePercent: result.scorePercent,
    language: result.language,
    logo: await certificateLogo(db, result.clientUuid),
    verificationCode: result.verificationCode,
    // A white-label licensee's certificates point at its own host name (its branding opens the page).
    verificationUrl: verificationUrl(
      result.verificationCode,
      linkBase(config.publicUrl, licensee?.host_names ?? [], licensee?.is_default ?? true),
    ),
  };
  const file = await buildCertificatePdf(certificate);
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${certificateFileName(certificate)}"`)
    .header('cache-control', 'private, no-store');
  return file;
}
