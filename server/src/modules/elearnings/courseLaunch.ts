import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../core/db/database';
import { pageOriginOf } from '../../http/courseOrigin';
import { courseSourcesFingerprint, courseTokenKey, signCourseToken } from './courseToken';
import { COURSE_LAUNCH_PREFIX } from './routes/courseFiles';

/**
 * The launch URLs of an execution's items for the player: the course origin's frame page for each item's launch file
 * (its path encoded per segment, the item's parameters as the query), under a token for this member, execution,
 * package, the dashboard page that asked and the licensee's course content sources (docs/scorm.md "Isolation").
 */
export async function courseLaunchUrls(
  db: Queryable,
  request: FastifyRequest,
  target: { member: string; execution: string; package: string },
): Promise<(launchPath: string) => string> {
  // The execution's licensee's own content sources (null: the server's default), read at every launch: a changed
  // list gives another token, so new URLs (docs/scorm.md "Policies").
  const [licensee] = await db.query<{ course_content_sources: string[] | null }>(
    `SELECT l.course_content_sources FROM elearning_execution x
       JOIN client c ON c.uuid = x.client_uuid JOIN licensee l ON l.uuid = c.licensee_uuid
      WHERE x.uuid = $1`,
    [target.execution],
  );
  const sources = licensee?.course_content_sources ?? null;
  const token = signCourseToken(await courseTokenKey(db), {
    m: target.member,
    x: target.execution,
    p: target.package,
    o: pageOriginOf(request),
    ...(sources === null ? {} : { s: courseSourcesFingerprint(sources) }),
  });
  const base = `${request.server.courseOrigin.for(request)}${COURSE_LAUNCH_PREFIX}${token}/`;
  return (launchPath) => {
    const [file = '', query] = launchPath.split(/\?(.*)/s, 2);
    const encoded = file.split('/').map(encodeURIComponent).join('/');
    return `${base}${encoded}${query ? `?${query}` : ''}`;
  };
}
