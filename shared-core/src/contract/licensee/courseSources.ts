import { z } from 'zod';
import { COURSE_SOURCE_MAX_LENGTH, COURSE_SOURCES_MAX } from '../../validation/contentSources';
import { emptyRequestSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/**
 * The licensee's course content sources (docs/scorm.md "Policies"): the content-security-policy sources the SCORM
 * courses of its clients may load from. `sources` null: the server's default (`serverDefault`, COURSE_CONTENT_SOURCES).
 * The schema only bounds the shape (a little room above the limits, so that the server answers the named codes); the
 * server checks every entry with the shared rule (400 CourseSources.Invalid, CourseSources.TooMany).
 */
export const licenseeCourseSourcesUpdateSchema = z.strictObject({
  sources: z
    .array(z.string().max(COURSE_SOURCE_MAX_LENGTH * 2))
    .max(COURSE_SOURCES_MAX * 5)
    .nullable(),
});
export type LicenseeCourseSourcesUpdate = z.input<typeof licenseeCourseSourcesUpdateSchema>;

export const licenseeCourseSourcesSchema = z.object({
  /** The licensee's own list; null: the server's default applies. */
  sources: z.array(z.string()).nullable(),
  /** The server's default (COURSE_CONTENT_SOURCES). */
  serverDefault: z.array(z.string()),
  /** What the courses get now: `sources`, or the default when it is null. */
  effective: z.array(z.string()),
});
export type LicenseeCourseSources = z.infer<typeof licenseeCourseSourcesSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

/** Read by the licensee's staff, changed by its admins (as the branding); always the staff member's own licensee. */
export const LICENSEE_COURSE_SOURCES_ENDPOINTS = {
  licenseeCourseSources: defineEndpoint('licenseeCourseSources', {
    ...CONSOLE,
    summary:
      "The signed-in staff member's licensee's course content sources (its own list or null), the server's default and what applies",
    permissions: ['licensee.branding-read'],
    request: emptyRequestSchema,
    response: licenseeCourseSourcesSchema,
  }),
  licenseeCourseSourcesUpdate: defineEndpoint('licenseeCourseSourcesUpdate', {
    ...CONSOLE,
    summary:
      "Set the licensee's course content sources (null: the server's default); applies from the next launch of a course; 400 CourseSources.Invalid / CourseSources.TooMany",
    permissions: ['licensee.branding-update'],
    request: licenseeCourseSourcesUpdateSchema,
    response: licenseeCourseSourcesSchema,
  }),
};
