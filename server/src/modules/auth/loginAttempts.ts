import type { Database, Queryable } from '../../core/db/database';

/** Failed sign-ins in a row before an account is locked, and for how long (answer: 429 Login.TooManyAttempts). */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

/**
 * Failed sign-ins are counted per account name (table `login_attempt`: company ID and username) whether or not the
 * account exists. Licensee staff sign-ins are counted in the same table under `licensee:<identifier>`, which no
 * company ID can be (a company ID has no colon).
 */
export function licenseeAttemptKey(licenseeIdentifier: string): string {
  return `licensee:${licenseeIdentifier}`;
}

/** True while this account name is locked out after too many failures. */
export async function isLockedOut(db: Database, accountKey: string, username: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM login_attempt WHERE client_identifier = $1 AND username = $2 AND locked_until > now()',
    [accountKey, username],
  );
  return rows.length > 0;
}

export async function recordFailedLogin(db: Database, accountKey: string, username: string): Promise<void> {
  await db.query(
    `INSERT INTO login_attempt (client_identifier, username, failed_count) VALUES ($1, $2, 1)
     ON CONFLICT (client_identifier, username) DO UPDATE SET
       failed_count = CASE WHEN login_attempt.failed_count + 1 >= $3 THEN 0 ELSE login_attempt.failed_count + 1 END,
       locked_until = CASE WHEN login_attempt.failed_count + 1 >= $3 THEN now() + make_interval(mins => $4)
                           ELSE login_attempt.locked_until END,
       updated_at = now()`,
    [accountKey, username, MAX_FAILED_LOGINS, LOCK_MINUTES],
  );
  // Attempts for made-up names must not pile up for ever.
  await db.query("DELETE FROM login_attempt WHERE updated_at < now() - interval '1 day'");
}

/** After a successful sign-in the count starts again. */
export async function clearFailedLogins(tx: Queryable, accountKey: string, username: string): Promise<void> {
  await tx.query('DELETE FROM login_attempt WHERE client_identifier = $1 AND username = $2', [accountKey, username]);
}
