import { hasAnyPermission, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import type { TemplateCategory } from '@dash/shared-core/calls';
import { ENDPOINTS, type Template, templateCategorySchema } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../core/audit/auditTrail';
import { type Database, LOCK_KEYS } from '../../core/db/database';
import { likePattern, orderBy } from '../../core/db/rows';
import { readTablePage } from '../../core/db/tablePage';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { type MultipartBody, parseMultipart, UploadedFile } from './multipart';
import { installShippedTemplates } from './shippedContent';

/** Spec section 9 "Uploads": at most 5 MB, these types. The stored content type comes from the extension. */
export const TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  txt: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  tar: 'application/x-tar',
};
export const TEMPLATE_UPLOAD_PATH = '/api/templates/upload';
const DOWNLOAD_PREFIX = '/api/file/template/document';

interface TemplateRow {
  uuid: string;
  title: string;
  category: TemplateCategory;
  filename: string;
  content_type: string;
  size_bytes: number;
  source: 'licensee' | 'client';
  created_at: Date | string;
  file_uuid: string;
}

function template(row: TemplateRow): Template {
  return {
    uuid: row.uuid,
    title: row.title,
    category: row.category,
    filename: row.filename,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
    downloadUrl: `${DOWNLOAD_PREFIX}/${row.file_uuid}/${encodeURIComponent(row.filename)}`,
  };
}

const COLUMNS = `t.uuid, t.title, t.category, f.filename, f.content_type, t.size_bytes, t.created_at, t.file_uuid,
  CASE WHEN t.client_uuid IS NULL THEN 'licensee' ELSE 'client' END AS source`;
/** The session's client's templates and its licensee's. $1: client. */
const VISIBLE = `(t.client_uuid = $1 OR t.licensee_uuid = (SELECT licensee_uuid FROM client WHERE uuid = $1))`;

/** A file name as stored: no path, no control characters, at most 200 characters (keeps the extension). */
function cleanFilename(name: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((character) => character !== '"' && character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot) : '';
  return base.slice(0, 200 - extension.length) + extension;
}

const uploadFieldsSchema = z.strictObject({
  category: templateCategorySchema,
  title: z.string().trim().max(200).optional(),
});

/**
 * The same upload as JSON, for scripts and small files (the 64 KiB body limit of JSON applies): the file's name and
 * its content in base64. It also lets the authorisation matrix prove this route like every JSON call.
 */
const jsonUploadSchema = z.strictObject({
  category: templateCategorySchema,
  title: z.string().trim().max(200).optional(),
  filename: z.string().min(1).max(200),
  contentBase64: z.base64().max(64 * 1024),
});

function isMultipart(body: unknown): body is MultipartBody {
  // Only the multipart parser makes UploadedFile instances: JSON cannot pass for it.
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as MultipartBody).files) &&
    (body as MultipartBody).files.every((file) => file instanceof UploadedFile)
  );
}

function readUpload(body: unknown): { category: TemplateCategory; title?: string; file: UploadedFile } {
  if (isMultipart(body)) {
    const fields = uploadFieldsSchema.safeParse(body.fields);
    const file = body.files.length === 1 && body.files[0]?.fieldName === 'file' ? body.files[0] : null;
    if (!fields.success || !file) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    return { ...fields.data, file };
  }
  const json = jsonUploadSchema.safeParse(body);
  if (!json.success) throw new ApiHttpError(400, 'Schema.ValidationFailed');
  const { filename, contentBase64, ...fields } = json.data;
  return { ...fields, file: new UploadedFile('file', filename, Buffer.from(contentBase64, 'base64')) };
}

/** The checks registerEndpoint makes, for the two routes outside the JSON contract (upload and download). */
async function sessionFor(
  request: FastifyRequest,
  permission: 'templates.upload' | 'templates.read-list',
  checkXsrf: boolean,
): Promise<SessionContext> {
  if (checkXsrf) {
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || header !== cookie) throw new ApiHttpError(403, 'Csrf.Invalid');
  }
  const session = await request.loadSession();
  if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
  if (!hasAnyPermission(session.permissions, [permission])) throw new ApiHttpError(403, 'Auth.Forbidden');
  if (!session.featureFlags.templates) throw new ApiHttpError(403, 'Auth.FeatureDisabled');
  return session;
}

/** Templates (apps/templates, flag `templates`): list, download, and the client's own uploads and deletes. */
export function registerTemplateRoutes(app: FastifyInstance, db: Database): void {
  // The shipped starting documents: installed for every licensee on start, so that a new client has them on day one.
  app.addHook('onReady', async () => {
    await db.exclusively(LOCK_KEYS.content, () => db.transaction((tx) => installShippedTemplates(tx)));
  });
  registerEndpoint(app, db, ENDPOINTS.templateList, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid];
    let where = `WHERE ${VISIBLE}`;
    if (body.filter.category) {
      params.push(body.filter.category);
      where += ` AND t.category = $${params.length}`;
    }
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      where += ` AND (t.title ILIKE $${params.length} OR f.filename ILIKE $${params.length})`;
    }
    const from = 'FROM template t JOIN file f ON f.uuid = t.file_uuid';
    const { rows, total } = await readTablePage<TemplateRow>(db, {
      select: `SELECT ${COLUMNS} ${from} ${where}`,
      count: `SELECT count(*)::int AS total ${from} ${where}`,
      params,
      order: orderBy(
        { category: 't.category, lower(t.title)', title: 'lower(t.title)', createdAt: 't.created_at' },
        body.sortBy,
        body.sortDirection,
        't.uuid',
      ),
      page: body.page,
      perPage: body.perPage,
    });
    return { items: rows.map(template), total };
  });

  registerEndpoint(app, db, ENDPOINTS.templateDelete, async ({ body, session }) =>
    db.transaction(async (tx) => {
      // Only the client's own: a licensee's template or another client's answers like an unknown one.
      const [row] = await tx.query<{ file_uuid: string; title: string; category: string }>(
        'DELETE FROM template WHERE uuid = $1 AND client_uuid = $2 RETURNING file_uuid, title, category',
        [body.uuid, session.clientUuid],
      );
      if (!row) throw new ApiHttpError(404, 'Template.NotFound');
      await tx.query('DELETE FROM file WHERE uuid = $1 AND client_uuid = $2', [row.file_uuid, session.clientUuid]);
      await recordAudit(tx, session, [
        {
          action: 'template.delete',
          // Templates are the client's documents: audited on the client (no entity type of their own, so that the
          // audit constraint stays as the other areas' migrations define it).
          entityType: 'client',
          entityUuid: session.clientUuid,
          before: { templateUuid: body.uuid, title: row.title, category: row.category },
        },
      ]);
      return { ok: true as const };
    }),
  );

  // Download: the spec's file route with context "template"; the session's client (or its licensee) must own it.
  app.get(`${DOWNLOAD_PREFIX}/:uuid/:filename`, async (request, reply) => {
    const session = await sessionFor(request, 'templates.read-list', false);
    const params = z.object({ uuid: z.uuid(), filename: z.string().max(300) }).safeParse(request.params);
    if (!params.success) throw new ApiHttpError(404, 'File.NotFound');
    const [file] = await db.query<{ content: Uint8Array; content_type: string; filename: string }>(
      `SELECT f.content, f.content_type, f.filename FROM template t JOIN file f ON f.uuid = t.file_uuid
        WHERE t.file_uuid = $2 AND ${VISIBLE}`,
      [session.clientUuid, params.data.uuid],
    );
    if (!file) throw new ApiHttpError(404, 'File.NotFound');
    return reply
      .header('Content-Type', file.content_type)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('Cache-Control', 'private, max-age=300')
      .send(Buffer.from(file.content));
  });

  // Upload: multipart, so outside the JSON contract. Its own plugin scope: the multipart parser and the 5 MB limit
  // apply to this route only (Fastify encapsulation); every other route keeps JSON and 64 KiB.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: TEMPLATE_MAX_BYTES + 64 * 1024 },
      (request, body, done) => {
        try {
          done(null, parseMultipart(body as Buffer, request.headers['content-type']));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    scope.post(TEMPLATE_UPLOAD_PATH, {
      // Refused before the body is read, like every JSON call.
      onRequest: async (request) => {
        const header = request.headers[XSRF_HEADER.toLowerCase()];
        const cookie = request.cookies[XSRF_COOKIE];
        if (typeof header !== 'string' || !cookie || header !== cookie) throw new ApiHttpError(403, 'Csrf.Invalid');
      },
      handler: async (request) => {
        const session = await sessionFor(request, 'templates.upload', false);
        const { file, ...fields } = readUpload(request.body);
        const filename = cleanFilename(file.filename);
        const extension = filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';
        const contentType = CONTENT_TYPES[extension];
        if (!contentType || filename.length === 0) throw new ApiHttpError(400, 'File.InvalidType');
        if (file.content.length === 0) throw new ApiHttpError(400, 'Schema.ValidationFailed');
        if (file.content.length > TEMPLATE_MAX_BYTES) throw new ApiHttpError(413, 'Request.TooLarge');
        const title = fields.title || filename.replace(/\.[^.]+$/, '');
        return db.transaction(async (tx) => {
          const [stored] = await tx.query<{ uuid: string }>(
            `INSERT INTO file (context, type, filename, content_type, content, client_uuid)
             VALUES ('template', 'document', $1, $2, $3, $4) RETURNING uuid`,
            [filename, contentType, file.content, session.clientUuid],
          );
          const [row] = await tx.query<TemplateRow>(
            `WITH t AS (INSERT INTO template (client_uuid, category, title, file_uuid, size_bytes, uploaded_by_member_uuid)
                        VALUES ($1, $2, $3, $4, $5, $6) RETURNING *)
             SELECT ${COLUMNS} FROM t JOIN file f ON f.uuid = t.file_uuid`,
            [session.clientUuid, fields.category, title, stored?.uuid, file.content.length, session.memberUuid],
          );
          if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
          await recordAudit(tx, session, [
            {
              action: 'template.upload',
              entityType: 'client',
              entityUuid: session.clientUuid,
              after: { templateUuid: row.uuid, title, category: fields.category, filename },
            },
          ]);
          return template(row);
        });
      },
    });
  });
}
