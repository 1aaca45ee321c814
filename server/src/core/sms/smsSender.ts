import type { Queryable } from '../db/database';
import { parseTwilioUrl, twilioProvider } from './twilio';
import type { SmsProvider, SmsResult } from './types';

export type { SmsFailure, SmsProvider, SmsResult } from './types';

export interface OutgoingSms {
  clientUuid: string;
  /** The member it is for: deleting the member removes the record. */
  memberUuid: string | null;
  /** E.164 (`toE164` of `@dash/shared-core/phone`). */
  to: string;
  text: string;
}

/**
 * Sends through the provider SMS_URL names. Without SMS_URL the SMS is kept in `sms_outbox` for developers
 * (transport `outbox`), and in production (NODE_ENV=production, where nobody reads the outbox) refused as
 * `notConfigured` (transport `disabled`), so that nobody waits for an SMS that never comes. What was sent through a
 * provider is recorded without its text.
 */
export interface SmsSender {
  readonly transport: 'twilio' | 'outbox' | 'disabled';
  send(db: Queryable, sms: OutgoingSms): Promise<SmsResult>;
}

/** Thrown at start for an SMS_URL that names no provider we speak; the message never repeats the URL (credentials). */
export class InvalidSmsUrlError extends Error {
  constructor(reason: string) {
    super(`SMS_URL is not valid: ${reason}. Expected twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B49…`);
    this.name = 'InvalidSmsUrlError';
  }
}

export function createSmsSender(options: { smsUrl: string | undefined; production: boolean }): SmsSender {
  if (!options.smsUrl) {
    if (options.production) {
      return {
        transport: 'disabled',
        send: async () => ({ ok: false, failure: 'notConfigured', detail: 'SMS_URL is not set' }),
      };
    }
    return {
      transport: 'outbox',
      async send(db, sms) {
        await record(db, sms, 'outbox', null);
        return { ok: true, providerMessageId: null };
      },
    };
  }
  const provider = providerFor(options.smsUrl);
  return {
    transport: provider.name,
    async send(db, sms) {
      const result = await provider.send(sms.to, sms.text);
      if (result.ok) await record(db, sms, provider.name, result.providerMessageId);
      return result;
    },
  };
}

function providerFor(smsUrl: string): SmsProvider {
  let url: URL;
  try {
    url = new URL(smsUrl);
  } catch {
    throw new InvalidSmsUrlError('not a URL');
  }
  if (url.protocol === 'twilio:' || url.protocol === 'twilio+http:') {
    const settings = parseTwilioUrl(url);
    if (typeof settings === 'string') throw new InvalidSmsUrlError(settings);
    return twilioProvider(settings);
  }
  throw new InvalidSmsUrlError(`unknown provider "${url.protocol.replace(/:$/, '')}"`);
}

async function record(
  db: Queryable,
  sms: OutgoingSms,
  transport: 'outbox' | 'twilio',
  providerMessageId: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO sms_outbox (client_uuid, member_uuid, recipient, text_body, transport, provider_message_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sms.clientUuid, sms.memberUuid, sms.to, transport === 'outbox' ? sms.text : null, transport, providerMessageId],
  );
}
