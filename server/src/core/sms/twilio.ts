import type { SmsProvider, SmsResult } from './types';

/**
 * Twilio's Programmable Messaging REST API (https://www.twilio.com/docs/messaging/api/message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth with the Account SID and its Auth Token, a
 * form-encoded body with `To` (E.164), `Body` and either `From` (a Twilio number or an alphanumeric sender ID) or
 * `MessagingServiceSid`. It answers 201 with the message resource (`sid`, `status`), an error with
 * `{"code","message","more_info","status"}`.
 *
 * SMS_URL: `twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B4915112345678` (or `?messagingServiceSid=MG…`),
 * optional `&timeout=<ms>` (default 10000). `twilio+http://…@127.0.0.1:<port>` speaks plain HTTP to a local
 * stand-in (the tests' catcher) and is refused for any other host, so the token never travels unencrypted.
 */
export interface TwilioSettings {
  /** `https://api.twilio.com` (or the local stand-in's `http://127.0.0.1:<port>`). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  sender: { from: string } | { messagingServiceSid: string };
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Twilio error codes that mean "this recipient": 21211 invalid 'To' number, 21610 the recipient opted out (STOP),
 * 21612 the number cannot be reached by SMS, 21614 not a mobile number. Everything else (20003 authentication,
 * 20429 too many requests, 21606 unusable 'From', 5xx) is ours or the provider's to fix.
 */
const RECIPIENT_ERRORS = new Set([21211, 21610, 21612, 21614]);

/** The settings of a `twilio:` / `twilio+http:` URL, or why it cannot be used (a reason without the credentials). */
export function parseTwilioUrl(url: URL): TwilioSettings | string {
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  if (!/^AC[0-9a-zA-Z]{6,64}$/.test(accountSid)) return 'the user part must be the Account SID (AC…)';
  if (!authToken) return 'the password part must be the Auth Token';
  if (!url.hostname) return 'the host is missing (api.twilio.com)';
  const plainHttp = url.protocol === 'twilio+http:';
  if (plainHttp && !LOCAL_HOSTS.has(url.hostname)) return 'twilio+http is only for a local stand-in (127.0.0.1)';
  const from = url.searchParams.get('from');
  const messagingServiceSid = url.searchParams.get('messagingServiceSid');
  if (!from === !messagingServiceSid) return 'give exactly one of from= and messagingServiceSid=';
  const timeout = url.searchParams.get('timeout');
  const timeoutMs = timeout === null ? DEFAULT_TIMEOUT_MS : Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) return 'timeout= wants 100 to 60000 ms';
  return {
    baseUrl: `${plainHttp ? 'http' : 'https'}://${url.host}`,
    accountSid,
    authToken,
    sender: from ? { from } : { messagingServiceSid: messagingServiceSid ?? '' },
    timeoutMs,
  };
}

interface TwilioMessage {
  sid?: unknown;
  status?: unknown;
  error_code?: unknown;
}

interface TwilioError {
  code?: unknown;
  status?: unknown;
}

export function twilioProvider(settings: TwilioSettings): SmsProvider {
  const endpoint = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, text): Promise<SmsResult> {
      const form = new URLSearchParams({ To: to, Body: text });
      if ('from' in settings.sender) form.set('From', settings.sender.from);
      else form.set('MessagingServiceSid', settings.sender.messagingServiceSid);
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        body = await response.json().catch(() => undefined);
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return {
          ok: false,
          failure: 'unavailable',
          detail: timedOut ? `no answer within ${settings.timeoutMs} ms` : 'no connection',
        };
      }
      if (response.ok) {
        const message = (body ?? {}) as TwilioMessage;
        if (message.status === 'failed' || (message.error_code !== null && message.error_code !== undefined)) {
          return { ok: false, failure: 'unavailable', detail: `Twilio error ${String(message.error_code)}` };
        }
        return { ok: true, providerMessageId: typeof message.sid === 'string' ? message.sid : null };
      }
      const code = Number((body as TwilioError | undefined)?.code);
      return {
        ok: false,
        failure: response.status === 400 && RECIPIENT_ERRORS.has(code) ? 'recipientRejected' : 'unavailable',
        detail: `HTTP ${response.status}${Number.isFinite(code) ? `, Twilio error ${code}` : ''}`,
      };
    },
  };
}
