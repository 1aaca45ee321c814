import type { Queryable } from '../db/database';

export interface OutboxMail {
  id: string;
  createdAt: string;
  recipient: string;
  subject: string;
  text: string;
  transport: string;
}

/** The developers' outbox is never reachable in production mode (NODE_ENV=production). */
export class OutboxNotAvailableError extends Error {
  constructor() {
    super('The outbox is a developer tool and is not available with NODE_ENV=production.');
  }
}

/**
 * The latest rows of an outbox table (mail or SMS), newest last: `limit` between 1 and 100 (5 when not a number),
 * with `id` and `created_at` as text beside `columns`. Refused in production mode.
 */
export async function latestOutboxRows<Row extends { id: string; created_at: string }>(
  db: Queryable,
  table: 'mail_outbox' | 'sms_outbox',
  columns: string,
  options: { production: boolean; limit: number },
): Promise<Row[]> {
  if (options.production) throw new OutboxNotAvailableError();
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit) || 5));
  const rows = await db.query<Row>(
    `SELECT id::text AS id, created_at::text AS created_at, ${columns} FROM ${table} ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.reverse();
}

/** The latest mails the server kept (newest last); refused in production mode. */
export async function readOutbox(
  db: Queryable,
  options: { production: boolean; limit: number },
): Promise<OutboxMail[]> {
  const rows = await latestOutboxRows<{
    id: string;
    created_at: string;
    recipient: string;
    subject: string;
    text_body: string;
    transport: string;
  }>(db, 'mail_outbox', 'recipient, subject, text_body, transport', options);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text_body,
    transport: row.transport,
  }));
}
