import type { Queryable } from '../db/database';
import { latestOutboxRows } from '../mail/outbox';

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
  const rows = await latestOutboxRows<{
    id: string;
    created_at: string;
    recipient: string;
    text_body: string | null;
    transport: string;
  }>(db, 'sms_outbox', 'recipient, text_body, transport', options);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    recipient: row.recipient,
    text: row.text_body,
    transport: row.transport,
  }));
}
