import { checkCourseSources } from '@dash/shared-core';
import { ENDPOINTS, type LicenseeCourseSources } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { writeLicenseeAudit } from '../audit';

/** The licensee's own list (null: the server's default). `lock` holds the row for a change in the caller's transaction. */
async function readSources(db: Queryable, licenseeUuid: string, lock = false): Promise<string[] | null> {
  const [row] = await db.query<{ course_content_sources: string[] | null }>(
    `SELECT course_content_sources FROM licensee WHERE uuid = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [licenseeUuid],
  );
  if (!row) throw new ApiHttpError(404, 'Licensee.NotFound');
  return row.course_content_sources;
}

/**
 * The licensee's course content sources (migration 035, docs/scorm.md "Policies"): the content hosts its clients'
 * SCORM courses may load from. Read by its staff, changed by its admins, like the branding. A launch URL names the
 * list it was made with (its fingerprint in the course token, courseLaunch.ts): a change applies from the next launch
 * of a course, on every instance (nothing is kept in memory here).
 */
export function registerCourseSourceRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  const answer = (sources: string[] | null): LicenseeCourseSources => ({
    sources,
    serverDefault: config.courseContentSources,
    effective: sources ?? config.courseContentSources,
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeCourseSources, async ({ session }) =>
    answer(await readSources(db, session.licenseeUuid)),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeCourseSourcesUpdate, async ({ body, session }) => {
    let next: string[] | null = null;
    if (body.sources !== null) {
      // Entries trimmed, blank ones left out (the console sends one a line); then the shared rule.
      const check = checkCourseSources(body.sources.map((entry) => entry.trim()).filter((entry) => entry !== ''));
      if (check.problem) throw new ApiHttpError(400, check.problem);
      next = check.sources;
    }
    return db.transaction(async (tx) => {
      const before = await readSources(tx, session.licenseeUuid, true);
      // Saving the list unchanged is no change.
      if (JSON.stringify(before) === JSON.stringify(next)) return answer(before);
      await tx.query('UPDATE licensee SET course_content_sources = $2::text[] WHERE uuid = $1', [
        session.licenseeUuid,
        next,
      ]);
      await writeLicenseeAudit(tx, session, {
        action: 'course-sources.update',
        client: null,
        before: { sources: before },
        after: { sources: next },
      });
      return answer(next);
    });
  });
}
