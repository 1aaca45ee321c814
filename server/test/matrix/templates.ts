import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';
import { tableDefaults } from './types';

/** Roles without templates.upload / templates.delete. */
const NOT_ADMINS = ['acme/member', 'acme/loc.admin', 'acme/ou.admin'] as const;

/** acme templates the delete entries take one by one (each valid delete needs one of its own). */
const acmeTemplates: string[] = [];
const rows = { acmeFile: '', globexTemplate: '', globexFile: '', licenseeTemplate: '' };
const nextTemplate = () => acmeTemplates.shift() ?? crypto.randomUUID();
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Templates of acme (a pool), one of globex and one of the default licensee, made for these entries. */
export async function prepareTemplatesMatrix(db: Database): Promise<void> {
  // initech proves the flag: its templates app is switched off for the matrix (the other entries never need it).
  await db.query("UPDATE client SET feature_templates = false WHERE identifier = 'initech'");
  const make = async (owner: 'acme' | 'globex' | 'licensee', title: string) => {
    const [row] = await db.query<{ uuid: string; file_uuid: string }>(
      `WITH f AS (INSERT INTO file (context, type, filename, content_type, content, client_uuid)
                  SELECT 'template', 'document', 'matrix.txt', 'text/plain', $1,
                         (SELECT uuid FROM client WHERE identifier = $2) RETURNING uuid)
       INSERT INTO template (client_uuid, licensee_uuid, category, title, file_uuid, size_bytes)
       SELECT (SELECT uuid FROM client WHERE identifier = $2),
              CASE WHEN $2 = 'licensee' THEN (SELECT uuid FROM licensee WHERE is_default) END,
              'forms', $3, f.uuid, 6 FROM f RETURNING uuid, file_uuid`,
      [Buffer.from('matrix'), owner, title],
    );
    if (!row) throw new Error(`no template for ${owner}`);
    return row;
  };
  for (let index = 0; index < 40; index += 1) acmeTemplates.push((await make('acme', `Matrix ${index}`)).uuid);
  rows.acmeFile = (await make('acme', 'Matrix download')).file_uuid;
  const globex = await make('globex', 'Globex matrix');
  rows.globexTemplate = globex.uuid;
  rows.globexFile = globex.file_uuid;
  rows.licenseeTemplate = (await make('licensee', 'Licensee matrix')).uuid;
}

const acmeTemplateRows = (db: Database) =>
  db.query(
    "SELECT uuid, title FROM template WHERE client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme') ORDER BY uuid",
  );
const uploadBody = () => ({
  category: 'forms',
  title: 'Matrix upload',
  filename: `matrix-${crypto.randomUUID()}.txt`,
  contentBase64: base64('Matrix upload'),
});

/** The templates app: list, download, upload (multipart, or JSON for small files) and delete. */
export const TEMPLATES_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/templates/read-list': {
    access: 'session',
    endpoint: 'templateList',
    as: 'acme/member',
    sample: () => ({ ...tableDefaults, sortBy: 'title', filter: { search: 'matrix' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, filter: { category: 'secret' } },
      { ...tableDefaults, filter: { search: 'x'.repeat(101) } },
      { ...tableDefaults, sortBy: 'content' },
    ],
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
  },
  'POST /api/templates/delete': {
    access: 'session',
    endpoint: 'templateDelete',
    sample: () => ({ uuid: nextTemplate() }),
    validated: true,
    malformed: () => [{ uuid: 'not-a-uuid' }, {}, { uuid: [nextTemplate()] }],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexTemplate,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Template.NotFound',
    },
    writes: {
      snapshot: acmeTemplateRows,
      changing: () => ({ uuid: nextTemplate() }),
      rejected: [
        { body: () => ({ uuid: crypto.randomUUID() }), status: 404, code: 'Template.NotFound' },
        // The licensee's templates are not the client's to delete.
        { body: () => ({ uuid: rows.licenseeTemplate }), status: 404, code: 'Template.NotFound' },
      ],
    },
  },
  'POST /api/templates/upload': {
    access: 'session',
    sample: uploadBody,
    validated: true,
    malformed: () => [
      { ...uploadBody(), category: 'secret' },
      { ...uploadBody(), contentBase64: 'not base64!' },
      { ...uploadBody(), filename: '' },
      { category: 'forms' },
    ],
    forbiddenFor: NOT_ADMINS,
    featureFlagOffFor: 'initech/admin',
    writes: {
      snapshot: acmeTemplateRows,
      changing: uploadBody,
      rejected: [
        { body: () => ({ ...uploadBody(), filename: 'tool.exe' }), status: 400, code: 'File.InvalidType' },
        { body: () => ({ ...uploadBody(), contentBase64: '' }), status: 400, code: 'Schema.ValidationFailed' },
      ],
    },
  },
  'GET /api/file/template/document/:uuid/:filename': {
    access: 'session',
    as: 'acme/member',
    url: () => `/api/file/template/document/${rows.acmeFile}/matrix.txt`,
    sample: () => ({}),
    expectValid: (response) => expect(response.headers['content-disposition']).toContain('attachment'),
    validated: false,
    forbiddenFor: null,
    featureFlagOffFor: 'initech/admin',
    otherClientUuid: {
      foreign: () => rows.globexFile,
      request: (uuid) => ({ url: `/api/file/template/document/${uuid}/matrix.txt` }),
      status: 404,
      code: 'File.NotFound',
    },
  },
};
