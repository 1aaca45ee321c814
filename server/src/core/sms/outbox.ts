import type { Queryable } from '../db/database';
import { OutboxNotAvailableError } from '../mail/outbox';

export interface OutboxSms {
  id: string;
  createdAt: string;
  recipient: string;
  /** Null for SMS sent through a provider: their text (with its link) is not kept. */
  text: string | null;
  transport: string;
}

/** The latest SMS the server kept (newest last); refused in production mode, like the mail outbox. */
export async function readSmsOutbox(
  db: Queryable,
  options: { production: boolean; limit: number },
): Promise<OutboxSms[]> {
  if (options.production) throw new OutboxNotAvailableError();
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit) || 5));
  const rows = await db.query<{
    id: string;
    created_at: string;
    recipient: string;
    text_body: string | null;
    transport: string;
  }>(
    `SELECT id::text AS id, created_at::text AS created_at, recipient, text_body, transport
       FROM sms_outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.reverse().map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    recipient: row.recipient,
    text: row.text_body,
    transport: row.transport,
  }));
}
