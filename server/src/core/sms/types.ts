/** What every SMS provider adapter answers (core/sms/twilio.ts) and the sender hands on (smsSender.ts). */

/**
 * What a provider made of one SMS. `detail` names the failure for the log (HTTP status, the provider's error code,
 * "timeout"): never the text, which may carry a set-password link, nor the credentials.
 */
export type SmsResult =
  | { ok: true; providerMessageId: string | null }
  | { ok: false; failure: SmsFailure; detail: string };

/**
 * recipientRejected: the provider refused the number (invalid, not a mobile, opted out): the sender can fix it.
 * unavailable: the provider failed, refused our credentials or did not answer in time: try again later.
 * notConfigured: no provider in production (SMS_URL unset).
 */
export type SmsFailure = 'recipientRejected' | 'unavailable' | 'notConfigured';

/** One SMS provider's HTTP API: sends `text` to `to` (E.164). Never throws: failures are results. */
export interface SmsProvider {
  readonly name: 'twilio';
  send(to: string, text: string): Promise<SmsResult>;
}
