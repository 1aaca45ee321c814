import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';

/** Every licensee's course content sources: a change of one licensee's never reaches another's. */
const everyList = (db: Database) =>
  db.query('SELECT identifier, course_content_sources FROM licensee ORDER BY identifier');

/**
 * The licensee's course content sources (licensee console). No uuid in the calls: the licensee is the session's, so
 * another licensee's admin changes only its own list, and a client member's session answers 401.
 */
export const LICENSEE_COURSE_SOURCES_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/licensee/course-sources': {
    access: 'licensee',
    endpoint: 'licenseeCourseSources',
    asLicensee: 'dashboard/berater',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
    expectValid: (response) => {
      expect(response.json()).toMatchObject({ sources: null, serverDefault: ['https:'], effective: ['https:'] });
    },
  },
  'POST /api/licensee/course-sources/update': {
    access: 'licensee',
    endpoint: 'licenseeCourseSourcesUpdate',
    // The server's default again: the other entries' courses keep their policy.
    sample: () => ({ sources: null }),
    validated: true,
    malformed: () => [
      {},
      { sources: 'https://cdn.vendor.example' },
      { sources: [42] },
      { sources: [['https:']] },
      { sources: Array.from({ length: 101 }, () => 'https:') },
      { sources: ['x'.repeat(401)] },
      { sources: null, licenseeUuid: '00000000-0000-4000-8000-000000000000' },
    ],
    forbiddenFor: ['dashboard/berater'],
    writes: {
      snapshot: everyList,
      changing: () => ({ sources: ['https://cdn.matrix.example'] }),
      rejected: [
        { body: () => ({ sources: ['*'] }), status: 400, code: 'CourseSources.Invalid' },
        { body: () => ({ sources: ["'unsafe-inline'"] }), status: 400, code: 'CourseSources.Invalid' },
        { body: () => ({ sources: ['https://a.example; script-src *'] }), status: 400, code: 'CourseSources.Invalid' },
        { body: () => ({ sources: ['http://localhost:*'] }), status: 400, code: 'CourseSources.Invalid' },
        {
          body: () => ({ sources: Array.from({ length: 21 }, (_, index) => `https://cdn${index}.vendor.example`) }),
          status: 400,
          code: 'CourseSources.TooMany',
        },
      ],
    },
  },
};
