import type { Rule, ValidationError } from './rules';

/**
 * Course content sources (docs/scorm.md "Policies"): the content-security-policy sources a SCORM course may load
 * scripts, styles, fonts, media and images from and connect to. One check for both the server-wide default
 * (COURSE_CONTENT_SOURCES, server/src/config.ts) and a licensee's own list (licensee console, course-sources calls).
 *
 * An entry is
 * - `https:` (any HTTPS host),
 * - `https://host`, `https://*.host` (the host's subdomains), optionally with a port (`:8443`, `:*`) and a path
 *   (`https://cdn.vendor.com/courses/`),
 * - with `allowLoopbackHttp` only (the server's own setting, for development and tests): the same over `http://`
 *   for `localhost`, `*.localhost`, `127.0.0.1` and `[::1]` (the learner's own machine).
 *
 * Refused: `*`, other schemes (`data:`, `blob:`, `http:`, `javascript:`), keywords and quotes (`'self'`,
 * `'unsafe-inline'`, nonces, hashes), a host without `https://` (it would inherit the course origin's scheme, plain
 * http in development), a wildcard that is not the first label or that stands for a top-level domain
 * (`https://*.com`), credentials, a query or fragment, `;` `,` and white space inside an entry, an entry over
 * COURSE_SOURCE_MAX_LENGTH characters and more than COURSE_SOURCES_MAX entries.
 */

/** At most this many entries in one list. */
export const COURSE_SOURCES_MAX = 20;
/** The longest entry. */
export const COURSE_SOURCE_MAX_LENGTH = 200;

export type CourseSourcesProblem = 'CourseSources.Invalid' | 'CourseSources.TooMany';

export interface CourseSourcesCheck {
  /** The entries as they are stored and put into the policy (scheme and host in lower case, no duplicates). */
  sources: string[];
  problem: CourseSourcesProblem | null;
  /** The first entry that is not allowed (CourseSources.Invalid). */
  invalid?: string;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// Host names only (letters, digits, inner hyphens; `xn--` for international names), at least two labels after a
// wildcard; a path of URL-safe characters without quotes, `;`, `,` or white space.
const HTTPS_SOURCE = new RegExp(
  `^https://(?:\\*\\.(?:${LABEL}\\.)+${LABEL}|(?:${LABEL}\\.)*${LABEL})(?::(?:\\d{1,5}|\\*))?(?:/[a-z0-9\\-._~%/!$&()*+=:@]*)?$`,
  'i',
);
const LOOPBACK_SOURCE =
  /^http:\/\/(?:(?:\*\.)?localhost|(?:[a-z0-9-]+\.)+localhost|127\.0\.0\.1|\[::1\])(?::(?:\d{1,5}|\*))?(?:\/[a-z0-9\-._~%/!$&()*+=:@]*)?$/i;

/** Scheme and host in lower case (the path keeps its case: CSP compares paths exactly). */
function normalizeSource(source: string): string {
  if (source.toLowerCase() === 'https:') return 'https:';
  const match = /^([a-z]+:\/\/[^/]*)(.*)$/i.exec(source);
  return match ? `${(match[1] ?? '').toLowerCase()}${match[2] ?? ''}` : source;
}

function portOk(source: string): boolean {
  const port = /^[a-z]+:\/\/[^/]*:(\d+)(?:\/|$)/i.exec(source)?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/** Whether one entry (as given: trimmed by the caller) is an allowed source. */
export function isCourseSource(source: string, options: { allowLoopbackHttp?: boolean } = {}): boolean {
  if (source.length === 0 || source.length > COURSE_SOURCE_MAX_LENGTH) return false;
  if (source.toLowerCase() === 'https:') return true;
  const shaped = HTTPS_SOURCE.test(source) || (options.allowLoopbackHttp === true && LOOPBACK_SOURCE.test(source));
  return shaped && portOk(source);
}

/**
 * Checks a whole list: every entry allowed, at most COURSE_SOURCES_MAX of them. An empty list is allowed (no content
 * host: a course loads its own files only).
 */
export function checkCourseSources(
  entries: readonly string[],
  options: { allowLoopbackHttp?: boolean } = {},
): CourseSourcesCheck {
  const invalid = entries.find((entry) => !isCourseSource(entry, options));
  if (invalid !== undefined) return { sources: [], problem: 'CourseSources.Invalid', invalid };
  const sources = [...new Set(entries.map(normalizeSource))];
  if (sources.length > COURSE_SOURCES_MAX) return { sources: [], problem: 'CourseSources.TooMany' };
  return { sources, problem: null };
}

/** The lines of the console's text area: one entry a line, blank lines left out, each trimmed. */
export function courseSourceLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The text area's rule (console form): every line an allowed source (`validation.courseSource` naming the first
 * wrong line), at most COURSE_SOURCES_MAX lines (`validation.courseSourcesTooMany`). The server checks again.
 */
export const courseSourcesText: Rule = (value): ValidationError | null => {
  const check = checkCourseSources(courseSourceLines(value));
  if (check.problem === 'CourseSources.Invalid') {
    return { key: 'courseSource', params: { source: (check.invalid ?? '').slice(0, 60) } };
  }
  if (check.problem === 'CourseSources.TooMany')
    return { key: 'courseSourcesTooMany', params: { max: COURSE_SOURCES_MAX } };
  return null;
};
