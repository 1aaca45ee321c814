import { type EndpointDefinition, UPLOADED_BYTES_MARKER, type UploadedBytes } from '@dash/shared-core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiHttpError } from './errors';

/** The raw body of an image upload; one without a length (chunked) is refused as soon as it passes `maxBytes`. */
function receiveBytes(payload: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Not destroyed: that would cut the connection before the 413 is sent; the answer closes it (onSend below).
      stop();
      payload.pause();
      reject(new ApiHttpError(413, 'Request.TooLarge'));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      stop();
      reject(new ApiHttpError(400, 'Schema.ValidationFailed'));
    };
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onError);
  });
}

/**
 * For the scope (Fastify encapsulation) of one upload call whose body is a file (application/octet-stream: a
 * licensee's image, an evidence photo) and whose fields come as the query: only a signed-in caller allowed to make
 * the call (a member or a licensee's staff member, as the endpoint's access says) gets the body read; everyone else is
 * answered by the endpoint's own checks (401/403) without it.
 */
export function addBinaryBodyParser(scope: FastifyInstance, endpoint: EndpointDefinition, maxBytes: number): void {
  scope.addContentTypeParser(
    'application/octet-stream',
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const fields = { ...((request.query ?? {}) as Record<string, unknown>) };
      // A body that announces more than the limit is refused before a byte of it is read (a 50 MB upload never
      // reaches memory).
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw new ApiHttpError(413, 'Request.TooLarge');
      try {
        if (endpoint.access === 'licensee') await request.authorizedLicenseeSession(endpoint);
        else await request.authorizedSession(endpoint);
      } catch {
        return fields;
      }
      const file: UploadedBytes = { [UPLOADED_BYTES_MARKER]: await receiveBytes(payload, maxBytes) };
      return { ...fields, file };
    },
  );
  // An answer given before the body was read to its end (refused: too large, not signed in, not allowed) closes the
  // connection: otherwise Node would read the rest of a huge upload only to throw it away.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('Connection', 'close');
    return payload;
  });
}
