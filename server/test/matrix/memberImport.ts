import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import type { Ids, LoginName, MatrixEntry } from './types';

/** Roles without member-import.import. */
const FORBIDDEN: readonly LoginName[] = ['acme/ou.admin', 'acme/loc.admin', 'acme/member'];

/** An upload of acme's admin and one of globex's (made by `setup`), and a finished job of each. */
const ACME_CURSOR = '5b0c8a52-8f7e-4c1e-9a51-0a6d1f00c001';
const GLOBEX_CURSOR = '5b0c8a52-8f7e-4c1e-9a51-0a6d1f00c002';
const ACME_JOB = '5b0c8a52-8f7e-4c1e-9a51-0a6d1f00c003';
const GLOBEX_JOB = '5b0c8a52-8f7e-4c1e-9a51-0a6d1f00c004';

/**
 * The import's valid calls name a seeded member with his own values: the job changes no member, so that the other
 * areas' entries, which run in the same database, never meet an imported one.
 */
const CURSOR_ROWS = JSON.stringify([[2, ['member', 'Mara', 'Mitarbeiter']]]);

async function setupImport(db: Database, ids: Ids): Promise<void> {
  await db.query(
    `INSERT INTO member_import_cursor (uuid, client_uuid, member_uuid, filename, encoding, delimiter, header_line,
                                       headers, row_count, rows, expires_at)
     SELECT $1, client_uuid, uuid, 'staff.csv', 'utf-8', ';', 1, '["Benutzername","Vorname","Nachname"]', 1, $3,
            now() + interval '1 day'
       FROM member WHERE uuid = $2
     ON CONFLICT (uuid) DO NOTHING`,
    [ACME_CURSOR, ids.acmeAdmin, CURSOR_ROWS],
  );
  await db.query(
    `INSERT INTO member_import_cursor (uuid, client_uuid, member_uuid, filename, encoding, delimiter, header_line,
                                       headers, row_count, rows, expires_at)
     SELECT $1, m.client_uuid, m.uuid, 'staff.csv', 'utf-8', ';', 1, '["Benutzername","Vorname","Nachname"]', 1, $2,
            now() + interval '1 day'
       FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'globex' AND m.username = 'admin'
     ON CONFLICT (uuid) DO NOTHING`,
    [GLOBEX_CURSOR, CURSOR_ROWS],
  );
  await db.query(
    `INSERT INTO batch_job (uuid, client_uuid, member_uuid, kind, status, finished_at)
     SELECT $1, client_uuid, uuid, 'member-import', 'finished', now() FROM member WHERE uuid = $2
     ON CONFLICT (uuid) DO NOTHING`,
    [ACME_JOB, ids.acmeAdmin],
  );
  await db.query(
    `INSERT INTO batch_job (uuid, client_uuid, member_uuid, kind, status, finished_at)
     SELECT $1, m.client_uuid, m.uuid, 'member-import', 'finished', now()
       FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'globex' AND m.username = 'admin'
     ON CONFLICT (uuid) DO NOTHING`,
    [GLOBEX_JOB],
  );
}

const MAPPING = { username: 0, firstName: 1, lastName: 2 };
const importOptions = (extra: Record<string, unknown> = {}) => ({
  cursorUuid: ACME_CURSOR,
  mapping: MAPPING,
  passwordMode: 'noPassword',
  ...extra,
});

/** Malformed bodies of the calls that take import options. */
const malformedOptions = () => [
  importOptions({ cursorUuid: 'not-a-uuid' }),
  importOptions({ mapping: { ...MAPPING, username: -1 } }),
  importOptions({ mapping: { ...MAPPING, username: 200 } }),
  importOptions({ mapping: { ...MAPPING, shoeSize: 3 } }),
  importOptions({ passwordMode: 'bySms' }),
  importOptions({ password: 'Safety#2026' }),
  importOptions({ nameOption: 'lastname.firstname' }),
  { mapping: MAPPING, passwordMode: 'noPassword' },
];

/** Another client's upload answers exactly as an unknown one. */
const foreignCursor = {
  foreign: () => GLOBEX_CURSOR,
  request: (uuid: string) => ({ input: importOptions({ cursorUuid: uuid }) }),
  status: 404,
  code: 'MemberImport.CursorNotFound',
};

/** The member import and batch job calls. */
export const MEMBER_IMPORT_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/memberimport/upload-csv': {
    access: 'session',
    endpoint: 'memberImportUpload',
    setup: setupImport,
    multipartFile: { filename: 'staff.csv', content: 'Benutzername;Vorname;Nachname\r\nmember;Mara;Mitarbeiter\r\n' },
    sample: () => ({}),
    expectValid: (response) =>
      expect(response.json()).toMatchObject({ delimiter: ';', headers: ['Benutzername', 'Vorname', 'Nachname'] }),
    validated: true,
    forbiddenFor: FORBIDDEN,
    writes: {
      snapshot: (db) => db.query('SELECT uuid FROM member_import_cursor ORDER BY uuid'),
      changing: () => ({}),
    },
  },
  'POST /api/memberimport/check-csv': {
    access: 'session',
    endpoint: 'memberImportCheck',
    sample: () => importOptions(),
    expectValid: (response) => expect(response.json()).toMatchObject({ total: 1, unchanged: 1, created: 0 }),
    validated: true,
    malformed: malformedOptions,
    forbiddenFor: FORBIDDEN,
    otherClientUuid: foreignCursor,
  },
  'POST /api/memberimport/error-rows': {
    access: 'session',
    endpoint: 'memberImportErrorRows',
    sample: () => importOptions(),
    expectValid: (response) => expect(response.json().filename).toBe('staff-errors.csv'),
    validated: true,
    malformed: malformedOptions,
    forbiddenFor: FORBIDDEN,
    otherClientUuid: foreignCursor,
  },
  'POST /api/memberimport/import-csv': {
    access: 'session',
    endpoint: 'memberImportStart',
    sample: () => importOptions(),
    expectValid: (response) => expect(response.json()).toMatchObject({ kind: 'member-import', status: 'created' }),
    validated: true,
    malformed: malformedOptions,
    forbiddenFor: FORBIDDEN,
    otherClientUuid: foreignCursor,
    writes: {
      snapshot: (db) => db.query('SELECT uuid FROM batch_job ORDER BY uuid'),
      changing: () => importOptions(),
      rejected: [
        { body: () => importOptions({ passwordMode: 'initial' }), status: 400, code: 'Password.Empty' },
        { body: () => importOptions({ passwordMode: 'byColumn' }), status: 400, code: 'Password.InvalidMode' },
      ],
    },
  },
  'POST /api/memberimport/read-latest-job': {
    access: 'session',
    endpoint: 'memberImportLatestJob',
    sample: () => ({}),
    expectValid: (response) => expect(response.json().job.kind).toBe('member-import'),
    validated: true,
    forbiddenFor: FORBIDDEN,
  },
  'POST /api/batch-job/read-status': {
    access: 'session',
    endpoint: 'batchJobStatus',
    sample: () => ({ uuid: ACME_JOB }),
    expectValid: (response) => expect(response.json()).toMatchObject({ uuid: ACME_JOB, status: 'finished' }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, { uuid: 42 }],
    forbiddenFor: FORBIDDEN,
    otherClientUuid: {
      foreign: () => GLOBEX_JOB,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'BatchJob.NotFound',
    },
  },
};
