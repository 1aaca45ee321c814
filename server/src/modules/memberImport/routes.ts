import { IMPORT_MAX_BYTES, toCsv } from '@dash/shared-core';
import { ENDPOINTS, type memberImportOptionsSchema } from '@dash/shared-core/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ServerConfig } from '../../config';
import type { Database } from '../../core/db/database';
import { createJob, latestJob } from '../../core/jobs/jobs';
import type { SessionContext } from '../../core/sessions/sessions';
import { ApiHttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { loadCursor, saveCursor } from './cursor';
import { runImportJob, sendOwedWelcomeMails } from './importJob';
import { finishInterruptedImports } from './landing';
import { proposeMapping } from './mapping';
import { CsvProcessingError, parseCsv } from './parseCsv';
import { planImport, summarize } from './plan';

/** The file types the import reads (the upload block checks the same in the browser). */
const IMPORT_EXTENSIONS = ['csv', 'txt'];
const PREVIEW_ROWS = 5;

type ImportOptions = z.output<typeof memberImportOptionsSchema>;

/** Options that cannot work together answer before any work: a password for `initial`, a column for `byColumn`. */
function checkOptions(body: ImportOptions): void {
  if (body.passwordMode === 'initial' && !body.password) throw new ApiHttpError(400, 'Password.Empty');
  if (body.passwordMode === 'byColumn' && body.mapping.password === null) {
    throw new ApiHttpError(400, 'Password.InvalidMode');
  }
}

async function planFor(db: Database, session: SessionContext, body: ImportOptions) {
  const cursor = await loadCursor(db, session, body.cursorUuid);
  const plan = await planImport(db, {
    clientUuid: session.clientUuid,
    importerUuid: session.memberUuid,
    headers: cursor.headers,
    rows: cursor.rows,
    mapping: body.mapping,
    options: body,
  });
  return { cursor, plan };
}

/** Answers a malformed file with its line (the error format plus `line`, so the wizard can say where). */
function csvFailure(reply: FastifyReply, error: CsvProcessingError) {
  return reply.status(400).send({ error: { code: 'MemberImport.CsvProcessingFailed', line: error.line } });
}

export function registerMemberImportRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  const mail = { db, mailer: app.mailer, publicUrl: config.publicUrl };

  // The upload is the one multipart call: its parser (streaming, 20 MB) is registered for this route alone.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1000 },
    });
    registerEndpoint(scope, db, ENDPOINTS.memberImportUpload, async ({ request, reply, session }) => {
      if (!request.isMultipart()) throw new ApiHttpError(415, 'Request.UnsupportedMediaType');
      const fields: Record<string, unknown> = {};
      let upload: { filename: string; chunks: Buffer[] } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          throw new ApiHttpError(400, 'Schema.ValidationFailed');
        }
        const extension = part.filename.toLowerCase().split('.').pop() ?? '';
        if (!IMPORT_EXTENSIONS.includes(extension)) {
          part.file.resume();
          throw new ApiHttpError(415, 'File.InvalidType');
        }
        // Read as it arrives, up to the limit (the multipart parser stops a larger file and marks it truncated).
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw new ApiHttpError(413, 'Request.TooLarge');
        upload = { filename: part.filename.slice(0, 255), chunks };
      }
      // The call takes no fields besides the file (the contract's empty strict object).
      if (!ENDPOINTS.memberImportUpload.request.safeParse(fields).success || !upload) {
        throw new ApiHttpError(400, 'Schema.ValidationFailed');
      }
      let parsed: Awaited<ReturnType<typeof parseCsv>>;
      try {
        parsed = await parseCsv(upload.chunks);
      } catch (error) {
        if (error instanceof CsvProcessingError) return csvFailure(reply, error);
        throw error;
      }
      const cursor = await saveCursor(db, session, upload.filename, parsed);
      return {
        cursorUuid: cursor.uuid,
        filename: cursor.filename,
        encoding: cursor.encoding,
        delimiter: cursor.delimiter,
        headerLine: cursor.headerLine,
        headers: cursor.headers,
        rowCount: cursor.rows.length,
        previewRows: cursor.rows.slice(0, PREVIEW_ROWS).map(([, cells]) => cells),
        proposedMapping: proposeMapping(cursor.headers),
        expiresAt: cursor.expiresAt,
      };
    });
  });

  registerEndpoint(app, db, ENDPOINTS.memberImportCheck, async ({ body, session }) => {
    checkOptions(body);
    const { plan } = await planFor(db, session, body);
    return summarize(plan);
  });

  registerEndpoint(app, db, ENDPOINTS.memberImportErrorRows, async ({ body, session }) => {
    checkOptions(body);
    const { cursor, plan } = await planFor(db, session, body);
    const messages = new Map<number, string[]>();
    for (const error of plan.errors) {
      const text = `${error.column ?? ''}${error.column ? ': ' : ''}${error.key}${
        Object.keys(error.params).length ? ` (${Object.values(error.params).join(', ')})` : ''
      }`;
      messages.set(error.line, [...(messages.get(error.line) ?? []), text]);
    }
    const rows = cursor.rows
      .filter(([line]) => messages.has(line))
      .map(([line, cells]) => [
        ...cursor.headers.map((_, index) => cells[index] ?? ''),
        line,
        (messages.get(line) ?? []).join(' | '),
      ]);
    const base = cursor.filename.replace(/\.[^.]*$/, '');
    return {
      filename: `${base}-errors.csv`,
      content: toCsv([...cursor.headers, 'line', 'errors'], rows),
    };
  });

  registerEndpoint(app, db, ENDPOINTS.memberImportStart, async ({ body, session, request }) => {
    checkOptions(body);
    const { cursor, plan } = await planFor(db, session, body);
    // The licence counts the whole job before it starts; the job checks again under the client's lock.
    if (plan.freeSeats !== null && plan.created > plan.freeSeats) {
      throw new ApiHttpError(409, 'MemberImport.ExceedsMaxMembers');
    }
    const job = await createJob(db, session, 'member-import', plan.members.length);
    // The job runs on after the answer; the page follows it with batch-job/read-status.
    void runImportJob({
      db,
      mail,
      log: request.log,
      session: { clientUuid: session.clientUuid, memberUuid: session.memberUuid, support: session.support },
      job,
      filename: cursor.filename,
      plan,
      options: body,
    });
    return job;
  });

  registerEndpoint(app, db, ENDPOINTS.memberImportLatestJob, async ({ session }) => ({
    job: await latestJob(db, session, 'member-import'),
  }));

  // What a stopped process left: imports that landed are settled, hidden rows of those that did not are removed;
  // then the welcome mails still owed go out. In the background: the server answers meanwhile.
  app.addHook('onReady', async () => {
    void finishInterruptedImports(db, app.log)
      .then(() => sendOwedWelcomeMails(db, mail, app.log, null))
      .catch((error) => app.log.error({ err: error }, 'interrupted imports or owed welcome mails not finished'));
  });
}
