import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../core/db/database';

/**
 * The course origin has no session (no cookie of the dashboard reaches it): a course's files are opened by a signed
 * token in their URL path, `/launch/<token>/…` and `/files/<token>/…`, that names the member, the execution, its
 * package and the dashboard page's origin (the only one allowed to frame the course), and ends after a few hours.
 * Relative URLs inside the course keep the token, as it sits in the path.
 */

export interface CourseTokenPayload {
  /** The member. */
  m: string;
  /** The execution (whose package it is). */
  x: string;
  /** The package. */
  p: string;
  /** The dashboard page's origin. */
  o: string;
  /**
   * The fingerprint of the licensee's own course content sources at launch (courseSourcesFingerprint); absent: the
   * server's default applied. A changed list gives new launch URLs, so the browser never reuses a file it cached
   * (immutable, for a year) under the old policy.
   */
  s?: string;
  /** Expiry, seconds since the epoch. */
  e: number;
}

/** A token works at least this long: a course session of a working morning, reloads of its pages included. */
export const COURSE_TOKEN_MINUTES = 240;
/**
 * Expiry is rounded up to this step, so that launches within the step give the same token and the same URLs: the
 * browser's cache of the course's files (immutable, a year) keeps working between launches.
 */
const EXPIRY_STEP_SECONDS = 3600;
const SECRET_NAME = 'course-files';
const MAX_TOKEN_LENGTH = 600;

/** The signing key: generated once, kept in the database (`app_secret`), so that every instance shares it. */
const keys = new WeakMap<Queryable, Promise<string>>();

export function courseTokenKey(db: Queryable): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.query('INSERT INTO app_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        SECRET_NAME,
        randomBytes(32).toString('base64url'),
      ]);
      const [row] = await db.query<{ value: string }>('SELECT value FROM app_secret WHERE name = $1', [SECRET_NAME]);
      if (!row) throw new Error('course-files secret missing');
      return row.value;
    })();
    // A failed read (database away) is tried again on the next request.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function sign(key: string, encoded: string): string {
  return createHmac('sha256', key).update(`course-files:${encoded}`).digest('base64url');
}

export function courseTokenExpiry(now = Date.now()): number {
  const earliest = Math.floor(now / 1000) + COURSE_TOKEN_MINUTES * 60;
  return Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
}

export function signCourseToken(key: string, payload: Omit<CourseTokenPayload, 'e'>, now = Date.now()): string {
  const full: CourseTokenPayload = { ...payload, e: courseTokenExpiry(now) };
  const encoded = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${encoded}.${sign(key, encoded)}`;
}

/** A short fingerprint of a licensee's own course content sources (the token's `s`). */
export function courseSourcesFingerprint(sources: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(sources)).digest('base64url').slice(0, 16);
}

const FINGERPRINT = /^[A-Za-z0-9_-]{16}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The payload of a correctly signed token that has not expired, else null. */
export function verifyCourseToken(key: string, token: string, now = Date.now()): CourseTokenPayload | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(key, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { m, x, p, o, e, s } = payload as Record<string, unknown>;
  if (typeof m !== 'string' || typeof x !== 'string' || typeof p !== 'string' || typeof o !== 'string') return null;
  if (!UUID.test(m) || !UUID.test(x) || !UUID.test(p) || typeof e !== 'number') return null;
  if (s !== undefined && (typeof s !== 'string' || !FINGERPRINT.test(s))) return null;
  if (e * 1000 <= now) return null;
  return s === undefined ? { m, x, p, o, e } : { m, x, p, o, e, s };
}
