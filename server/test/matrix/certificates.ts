import { formatVerificationCode } from '@dash/shared-core';
import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { DEMO_ELEARNINGS } from '../../src/seed/elearnings';
import { type MatrixEntry, tableDefaults } from './types';

/** Certificates: a member's list, the analytics' PDF download, the public verification of a code. */

/** Results the entries name, found (acme's seeded ones) or made (globex's) once. */
const certificates = { acmeResult: '', acmeCode: '', globexResult: '' };
let prepared: Promise<void> | undefined;

function prepareCertificates(db: Database): Promise<void> {
  prepared ??= (async () => {
    const [acme] = await db.query<{ uuid: string; verification_code: string }>(
      `SELECT r.uuid, r.verification_code FROM elearning_result r JOIN client c ON c.uuid = r.client_uuid
        WHERE c.identifier = 'acme' ORDER BY r.completed_at DESC LIMIT 1`,
    );
    // globex's course has no completion in the demo: one of its open tasks that no other entry uses gets one.
    const [globex] = await db.query<{ uuid: string }>(
      `WITH task AS (
         SELECT t.* FROM elearning_task t WHERE t.elearning_uuid = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM elearning_execution x WHERE x.task_uuid = t.uuid)
          ORDER BY t.uuid DESC LIMIT 1),
       execution AS (
         INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version,
                                          completed_at)
         SELECT task.client_uuid, task.uuid, task.member_uuid, e.uuid, e.package_uuid, p.scorm_version, now()
           FROM task JOIN elearning e ON e.uuid = task.elearning_uuid JOIN elearning_package p ON p.uuid = e.package_uuid
         RETURNING *)
       INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid, member_name,
                                     course_title, language, completed_at, duration_seconds, score_percent, passed)
       SELECT client_uuid, uuid, task_uuid, member_uuid, elearning_uuid, 'Globex Fahrer', 'Ladungssicherung', 'de_DE',
              now(), 300, null, null FROM execution RETURNING uuid`,
      [DEMO_ELEARNINGS.globexCargo],
    );
    if (!acme || !globex) throw new Error('the certificate entries need an acme and a globex result');
    certificates.acmeResult = acme.uuid;
    certificates.acmeCode = formatVerificationCode(acme.verification_code);
    certificates.globexResult = globex.uuid;
  })();
  return prepared;
}

export const CERTIFICATES_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/elearning/read-my-certificates': {
    access: 'session',
    endpoint: 'elearningMyCertificates',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, sortBy: 'validUntil' }),
    expectValid: (response) => expect(response.json()).toMatchObject({ items: expect.any(Array) }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'title' },
      { ...tableDefaults, sortBy: 'validUntil', filter: { validity: 'old' } },
      { ...tableDefaults, sortBy: 'validUntil', filter: { search: 'x'.repeat(101) } },
      { ...tableDefaults, sortBy: 'validUntil', filter: { memberUuid: '00000000-0000-4000-8000-000000000001' } },
    ],
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
    setup: prepareCertificates,
  },
  'GET /api/elearning/member-certificate-pdf': {
    access: 'session',
    endpoint: 'elearningMemberCertificatePdf',
    sample: () => ({ uuid: certificates.acmeResult }),
    expectValid: (response) => {
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_.-]+\.pdf"$/);
    },
    validated: true,
    forbiddenFor: ['acme/member', 'acme/loc.admin'],
    otherClientUuid: {
      foreign: () => certificates.globexResult,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'ElearningResult.NotFound',
    },
    featureFlagOffFor: 'initech/admin',
    setup: prepareCertificates,
  },
  'GET /api/certificate/verify': {
    access: 'public',
    endpoint: 'certificateVerify',
    sample: () => ({ code: certificates.acmeCode }),
    // Nothing but name, course, date and validity: no uuid, client or score.
    expectValid: (response) =>
      expect(Object.keys(response.json() as object).sort()).toEqual([
        'completedAt',
        'courseTitle',
        'memberName',
        'valid',
        'validUntil',
      ]),
    validated: true,
    forbiddenFor: null,
    setup: prepareCertificates,
  },
};
