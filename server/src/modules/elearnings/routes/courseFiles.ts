import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { SERVER_SOURCES } from '../../../paths';
import { type CourseTokenPayload, courseTokenKey, verifyCourseToken } from '../courseToken';
import { PACKAGE_LIMITS } from '../scormPackage';

/**
 * The course origin's routes (docs/scorm.md "Isolation"), the only ones its listener has: no API, no dashboard.
 *
 * - `GET /launch/<token>/<launch file>`: the frame page. It holds scorm-again's CrossFrameAPI as the SCORM API on
 *   the course's parent window and shows the launch file in a frame inside it.
 * - `GET /files/<token>/<path>`: a file of the token's package, with long caching and range requests.
 * - `GET /runtime/<script>`: the frame page's two scripts.
 *
 * The token (courseToken.ts) stands in for the session, which this origin never sees.
 */

export const COURSE_LAUNCH_PREFIX = '/launch/';
export const COURSE_FILES_PREFIX = '/files/';

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

/** A token in a logged path is replaced (request logs of the course origin). */
export function maskCourseTokens(urlPath: string): string {
  return urlPath.replace(/^\/(launch|files)\/[^/?]+/, '/$1/[token]');
}

interface RuntimeScript {
  body: string;
  version: string;
}

function runtimeScript(file: string, stripSourceMap = false): RuntimeScript {
  let body = readFileSync(file, 'utf8');
  if (stripSourceMap) body = body.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return { body, version: createHash('sha256').update(body).digest('base64url').slice(0, 12) };
}

let scripts: Record<'cross-frame-api.js' | 'course-frame.js', RuntimeScript> | undefined;

/** Read once: scorm-again's browser build (a classic script defining `CrossFrameAPI`) and our frame script. */
function runtimeScripts() {
  scripts ??= {
    'cross-frame-api.js': runtimeScript(
      createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min'),
      true,
    ),
    'course-frame.js': runtimeScript(
      path.join(SERVER_SOURCES, 'modules', 'elearnings', 'courseFrame', 'course-frame.js'),
    ),
  };
  return scripts;
}

const FRAME_STYLE =
  'html,body{margin:0;height:100%;overflow:hidden;background:#fff}iframe{display:block;border:0;width:100%;height:100%}';
const FRAME_STYLE_HASH = `'sha256-${createHash('sha256').update(FRAME_STYLE).digest('base64')}'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The course content's policy: its own origin, the content hosts (the licensee's list, else COURSE_CONTENT_SOURCES:
 * CDNs for script libraries, fonts, video; an empty list: none), inline and eval'd script as authoring tools produce
 * it; framed only by its frame page on the dashboard page that asked.
 */
export function courseContentPolicy(sources: string[], pageOrigin: string): string {
  const hosts = sources.map((source) => ` ${source}`).join('');
  return [
    `default-src 'self' data: blob:${hosts}`,
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:${hosts}`,
    `style-src 'self' 'unsafe-inline'${hosts}`,
    `img-src 'self' data: blob:${hosts}`,
    `media-src 'self' data: blob:${hosts}`,
    `font-src 'self' data:${hosts}`,
    `connect-src 'self'${hosts}`,
    `frame-src 'self' blob:${hosts}`,
    "worker-src 'self' blob:",
    "form-action 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors 'self' ${pageOrigin}`,
  ].join('; ');
}

/** The frame page's policy: its two scripts, its one style, the course in a frame; framed by the dashboard page. */
function framePagePolicy(sources: string[], pageOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${FRAME_STYLE_HASH}`,
    `frame-src 'self'${sources.map((source) => ` ${source}`).join('')}`,
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${pageOrigin}`,
  ].join('; ');
}

/** `<token>/<path>` after a prefix: the verified token and the file's path inside the package (decoded). */
async function tokenAndPath(
  db: Database,
  request: FastifyRequest,
): Promise<{ token: CourseTokenPayload; filePath: string }> {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  const slash = rest.indexOf('/');
  const filePath = slash < 0 ? '' : rest.slice(slash + 1);
  const token = verifyCourseToken(await courseTokenKey(db), slash < 0 ? rest : rest.slice(0, slash));
  if (!token) throw new ApiHttpError(403, 'CourseFile.InvalidLink');
  if (filePath.length === 0 || filePath.length > PACKAGE_LIMITS.maxPathLength) {
    throw new ApiHttpError(404, 'File.NotFound');
  }
  return { token, filePath };
}

/**
 * The execution of the token, while its member may still do e-learnings (active, not archived, the client's app
 * on), joined to the file asked for and the client's licensee's content sources; nothing when any of it no longer
 * holds. The sources come with the query every file needs anyway: no lookup of its own, and a list changed while a
 * course is open applies to the files it loads from then on (the token's fingerprint gives the next launch new URLs,
 * so no file cached under the old list is reused).
 */
const FILE_OF_TOKEN = `
  SELECT f.content_type, f.size_bytes, p.scorm_version, coalesce(l.title, e.title) AS title, m.language,
         li.course_content_sources
    FROM elearning_execution x
    JOIN member m ON m.uuid = x.member_uuid AND m.archived_at IS NULL AND m.status = 'active'
    JOIN client c ON c.uuid = x.client_uuid AND c.feature_elearnings
    JOIN licensee li ON li.uuid = c.licensee_uuid
    JOIN elearning_package p ON p.uuid = x.package_uuid
    JOIN elearning e ON e.uuid = x.elearning_uuid
    LEFT JOIN elearning_language l ON l.elearning_uuid = e.uuid AND l.language = m.language
    JOIN elearning_package_file f ON f.package_uuid = x.package_uuid AND f.path = $4
   WHERE x.uuid = $1 AND x.member_uuid = $2 AND x.package_uuid = $3`;

interface FileOfToken {
  content_type: string;
  size_bytes: string | number;
  scorm_version: '1.2' | '2004';
  title: string;
  language: 'de_DE' | 'en_GB';
  /** The client's licensee's own content sources; null: the server's default. */
  course_content_sources: string[] | null;
}

async function fileOfToken(db: Database, token: CourseTokenPayload, filePath: string): Promise<FileOfToken> {
  const [file] = await db.query<FileOfToken>(FILE_OF_TOKEN, [token.x, token.m, token.p, filePath]);
  if (!file) throw new ApiHttpError(404, 'File.NotFound');
  return file;
}

export function registerCourseOriginRoutes(
  app: FastifyInstance,
  db: Database,
  options: { contentSources: string[] },
): void {
  app.get(`${COURSE_LAUNCH_PREFIX}*`, async (request, reply) => {
    const { token, filePath } = await tokenAndPath(db, request);
    const file = await fileOfToken(db, token, filePath);
    const runtime = runtimeScripts();
    // The course's own URL: the same path under /files/, its query (the item's parameters) kept.
    const source = request.url.replace(/^\/launch\//, COURSE_FILES_PREFIX);
    const html = `<!doctype html>
<html lang="${file.language === 'en_GB' ? 'en' : 'de'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(file.title)}</title>
<style>${FRAME_STYLE}</style></head><body>
<script src="/runtime/cross-frame-api.js?v=${runtime['cross-frame-api.js'].version}"></script>
<script src="/runtime/course-frame.js?v=${runtime['course-frame.js'].version}" data-parent-origin="${escapeHtml(token.o)}" data-scorm-version="${file.scorm_version}" data-src="${escapeHtml(source)}" data-title="${escapeHtml(file.title)}"></script>
</body></html>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header(
        'Content-Security-Policy',
        framePagePolicy(file.course_content_sources ?? options.contentSources, token.o),
      )
      .send(html);
  });

  app.get(`${COURSE_FILES_PREFIX}*`, async (request, reply) => {
    const { token, filePath } = await tokenAndPath(db, request);
    const file = await fileOfToken(db, token, filePath);
    const size = Number(file.size_bytes);
    const etag = `"${token.p}:${filePath}"`;
    reply
      .header('Content-Type', file.content_type)
      // A package never changes (a new upload is a new package); the URL changes with the token's hour.
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header(
        'Content-Security-Policy',
        courseContentPolicy(file.course_content_sources ?? options.contentSources, token.o),
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
      [token.p, filePath, start + 1, length],
    );
    const body = Buffer.from(slice?.chunk ?? new Uint8Array());
    if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    return reply.send(body);
  });

  app.get('/runtime/:name', async (request, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const runtime = runtimeScripts();
    const script = name === 'cross-frame-api.js' || name === 'course-frame.js' ? runtime[name] : undefined;
    if (!script) throw new ApiHttpError(404, 'File.NotFound');
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(script.body);
  });
}
