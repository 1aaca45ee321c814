import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../core/db/database';
import { pageOriginOf } from '../../http/courseOrigin';
import { courseTokenKey, signCourseToken } from './courseToken';
import { COURSE_LAUNCH_PREFIX } from './routes/courseFiles';

/**
 * The launch URLs of an execution's items for the player: the course origin's frame page for each item's launch file
 * (its path encoded per segment, the item's parameters as the query), under a token for this member, execution,
 * package and the dashboard page that asked (docs/scorm.md "Isolation").
 */
export async function courseLaunchUrls(
  db: Queryable,
  request: FastifyRequest,
  target: { member: string; execution: string; package: string },
): Promise<(launchPath: string) => string> {
  const token = signCourseToken(await courseTokenKey(db), {
    m: target.member,
    x: target.execution,
    p: target.package,
    o: pageOriginOf(request),
  });
  const base = `${request.server.courseOrigin.for(request)}${COURSE_LAUNCH_PREFIX}${token}/`;
  return (launchPath) => {
    const [file = '', query] = launchPath.split(/\?(.*)/s, 2);
    const encoded = file.split('/').map(encodeURIComponent).join('/');
    return `${base}${encoded}${query ? `?${query}` : ''}`;
  };
}
