import type { Queryable } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';

export interface RateLimitRule {
  /** What is counted: an account ("acme/admin", a member uuid) or an IP address. */
  subject: string;
  /** Attempts allowed within the window. */
  limit: number;
}

/** Attempts per window (minutes) of each limited action. */
export const RATE_LIMITS = {
  /** Forgotten-password requests per IP address (the account itself has the 10-minute rule). */
  passwordResetRequestPerIp: 10,
  /** Setting a password with a token, per IP address. */
  resetPasswordPerIp: 20,
  /** Password and username changes per account and per IP address. */
  passwordChangePerAccount: 10,
  passwordChangePerIp: 30,
  /** Support-link sign-ins per IP address. */
  supportLoginPerIp: 20,
  /** Checks of certificate verification codes per IP address (the public page; guessing codes is what it stops). */
  certificateVerifyPerIp: 30,
  windowMinutes: 15,
} as const;

/**
 * A sliding window in the database (so that several servers share it): refuses with 429 Request.TooManyRequests
 * when any subject has used up its attempts, otherwise records one attempt for each.
 */
export async function checkRateLimit(db: Queryable, bucket: string, rules: RateLimitRule[]): Promise<void> {
  const window = RATE_LIMITS.windowMinutes;
  for (const rule of rules) {
    await db.query(
      'DELETE FROM rate_limit_event WHERE bucket = $1 AND subject = $2 AND created_at < now() - make_interval(mins => $3)',
      [bucket, rule.subject, window],
    );
    const [row] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM rate_limit_event WHERE bucket = $1 AND subject = $2',
      [bucket, rule.subject],
    );
    if ((row?.count ?? 0) >= rule.limit) throw new ApiHttpError(429, 'Request.TooManyRequests');
  }
  for (const rule of rules) {
    await db.query('INSERT INTO rate_limit_event (bucket, subject) VALUES ($1, $2)', [bucket, rule.subject]);
  }
}
