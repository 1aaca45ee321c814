import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hasAnyPermission, XSRF_HEADER } from '@dash/shared-core';
import { ENDPOINTS, UPLOADED_FILE_MARKER, type UploadedFile } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiHttpError } from '../../http/errors';
import { PACKAGE_LIMITS } from './scormPackage';

/**
 * The raw zip body of the upload, streamed to a temporary file with the size limit (never held in memory). A body
 * that announces more than the limit is refused before a byte of it is read; one without a length (chunked) as soon
 * as it passes the limit, its temporary file removed.
 */
async function receiveZip(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<UploadedFile> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PACKAGE_LIMITS.maxUploadBytes) throw new ApiHttpError(413, 'Request.TooLarge');
  const directory = await mkdtemp(path.join(tmpdir(), 'scorm-upload-'));
  const tempPath = path.join(directory, 'package.zip');
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > PACKAGE_LIMITS.maxUploadBytes) callback(new ApiHttpError(413, 'Request.TooLarge'));
      else callback(null, chunk);
    },
  });
  // Piped, not put into the pipeline: a refusal stops reading the request without destroying it (which would cut
  // the connection before the 413 is sent); the answer then closes the connection (the onSend hook below).
  payload.once('error', (error) => limit.destroy(error));
  payload.pipe(limit);
  try {
    await pipeline(limit, createWriteStream(tempPath));
  } catch (error) {
    payload.unpipe(limit);
    await rm(directory, { recursive: true, force: true });
    throw error instanceof ApiHttpError ? error : new ApiHttpError(400, 'ElearningPackage.InvalidZip');
  }
  return { [UPLOADED_FILE_MARKER]: true, tempPath, sizeBytes: size };
}

/**
 * The player's bodies that are not JSON, for the scope (Fastify encapsulation) that holds the package upload
 * (a zip) and the execution commit (JSON sent as text by navigator.sendBeacon, with the XSRF token in the query).
 */
export function addPlayerBodyParsers(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/zip', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    // Only a signed-in member allowed to upload gets his body written to disk; everyone else is answered by the
    // endpoint's own checks (401/403) without a byte stored.
    const session = await request.loadSession();
    // The fields come as the query (the body is the file); any other field fails the strict schema.
    const fields = { ...((request.query ?? {}) as Record<string, unknown>) };
    if (!session || !hasAnyPermission(session.permissions, ENDPOINTS.elearningUploadPackage.permissions)) {
      return fields;
    }
    return { ...fields, file: await receiveZip(request, payload) };
  });
  // navigator.sendBeacon sends a string body as text/plain and cannot set headers: the commit's JSON comes as text
  // and the XSRF token as the `xsrf` query parameter (still compared with the cookie: a double submit).
  scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new ApiHttpError(400, 'Schema.ValidationFailed'), undefined);
    }
  });
  scope.addHook('onRequest', async (request) => {
    const header = XSRF_HEADER.toLowerCase();
    const query = request.query as Record<string, unknown> | undefined;
    if (
      request.routeOptions.url === ENDPOINTS.elearningSaveExecution.path &&
      request.headers[header] === undefined &&
      typeof query?.xsrf === 'string'
    ) {
      request.headers[header] = query.xsrf;
    }
  });
  // An answer given before the body was read to its end (refused: too large, not signed in, not allowed) closes the
  // connection: otherwise Node would read the rest of a huge upload only to throw it away.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('Connection', 'close');
    return payload;
  });
  scope.addHook('onResponse', async (request) => {
    const file = (request.body as { file?: UploadedFile } | undefined)?.file;
    if (file && UPLOADED_FILE_MARKER in file) await rm(path.dirname(file.tempPath), { recursive: true, force: true });
  });
}
