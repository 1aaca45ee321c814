import type { Queryable } from '../db/database';
import type { SessionContext } from '../sessions/sessions';

/** Writes one entry of the support audit log: who (adviser), why (reason), what (call) and how it ended. */
export async function writeSupportAudit(
  db: Queryable,
  session: Pick<SessionContext, 'clientUuid' | 'memberUuid' | 'support'>,
  entry: { action: string; method: string; path: string; status: number },
): Promise<void> {
  if (!session.support) return;
  await db.query(
    `INSERT INTO support_audit_log (client_uuid, member_uuid, adviser, reason, action, method, path, status,
                                    support_session_uuid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      session.clientUuid,
      session.memberUuid,
      session.support.adviser,
      session.support.reason,
      entry.action,
      entry.method,
      entry.path.slice(0, 500),
      entry.status,
      session.support.sessionUuid ?? null,
    ],
  );
}
