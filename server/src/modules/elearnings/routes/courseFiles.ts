import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { PACKAGE_LIMITS } from '../scormPackage';

export const SCORM_FILE_ROUTE = '/api/elearning/scorm/:packageUuid/*';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses a Range header for one range of a file of `size` bytes; null: none or not satisfiable as one range. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function registerCourseFileRoutes(app: FastifyInstance, db: Database): void {
  // The course files: same origin as the dashboard (the runtime API is found on the parent window), the session's
  // client only, long-lived caching (a package never changes: a new upload is a new package) and range requests.
  app.get(SCORM_FILE_ROUTE, async (request, reply) => {
    const params = request.params as { packageUuid?: string; '*'?: string };
    const packageUuid = params.packageUuid ?? '';
    const filePath = params['*'] ?? '';
    const session = await request.loadSession();
    if (!session) throw new ApiHttpError(401, 'Auth.Unauthorized');
    if (!session.featureFlags.elearnings) throw new ApiHttpError(403, 'Auth.FeatureDisabled');
    if (!UUID.test(packageUuid) || filePath.length === 0 || filePath.length > PACKAGE_LIMITS.maxPathLength) {
      throw new ApiHttpError(404, 'File.NotFound');
    }
    const etag = `"${packageUuid}:${filePath}"`;
    const [file] = await db.query<{ content_type: string; size_bytes: string | number }>(
      `SELECT f.content_type, f.size_bytes FROM elearning_package_file f JOIN elearning_package p ON p.uuid = f.package_uuid
        WHERE f.package_uuid = $1 AND f.path = $2 AND p.client_uuid = $3`,
      [packageUuid, filePath, session.clientUuid],
    );
    if (!file) throw new ApiHttpError(404, 'File.NotFound');
    const size = Number(file.size_bytes);
    const origin = `${request.protocol}://${request.host}`;
    const own = `${origin}/api/elearning/scorm/${packageUuid}/`;
    reply
      .header('Content-Type', file.content_type)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      // The course may load its own files only: no API calls, no other site, no form posts (docs/scorm.md).
      .header(
        'Content-Security-Policy',
        [
          `default-src ${own}`,
          `script-src ${own} 'unsafe-inline' 'unsafe-eval'`,
          `style-src ${own} 'unsafe-inline'`,
          `img-src ${own} data: blob:`,
          `media-src ${own} data: blob:`,
          `font-src ${own} data:`,
          `connect-src ${own}`,
          `frame-src ${own}`,
          "form-action 'none'",
          "object-src 'none'",
          `base-uri ${own}`,
          "frame-ancestors 'self'",
        ].join('; '),
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, size);
    if (range === 'invalid') {
      return reply.status(416).header('Content-Range', `bytes */${size}`).send();
    }
    const start = range ? range.start : 0;
    const length = range ? range.end - range.start + 1 : size;
    const [slice] = await db.query<{ chunk: Uint8Array }>(
      'SELECT substring(content FROM $3 FOR $4) AS chunk FROM elearning_package_file WHERE package_uuid = $1 AND path = $2',
      [packageUuid, filePath, start + 1, length],
    );
    const body = Buffer.from(slice?.chunk ?? new Uint8Array());
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    return reply.send(body);
  });
}
