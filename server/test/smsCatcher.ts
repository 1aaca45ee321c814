import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Twilio's Messages API (what `server/src/core/sms/twilio.ts` speaks), as the SMTP server of smtp.ts
 * is for mail: it checks what Twilio checks (path with the Account SID, Basic auth, a form body with an E.164 `To`,
 * a `From` or `MessagingServiceSid`, a `Body` of at most 1,600 characters), answers like Twilio (201 with the message
 * resource, errors as `{"code","message","more_info","status"}`) and keeps every accepted message. A test can make
 * the next calls fail (an HTTP status and Twilio error code) or hang (a provider that does not answer).
 */
export const CATCHER_ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const CATCHER_AUTH_TOKEN = 'catcher-auth-token-0123456789';
export const CATCHER_FROM = '+4915100000000';

export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

type Failure = { status: number; code: number } | 'hang';

/** SMS_URL for a server that sends to a catcher on `port` (plain HTTP is allowed for loopback hosts only). */
export function catcherSmsUrl(port: number, extra = ''): string {
  return `twilio+http://${CATCHER_ACCOUNT_SID}:${CATCHER_AUTH_TOKEN}@127.0.0.1:${port}?from=${encodeURIComponent(CATCHER_FROM)}${extra}`;
}

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsCatcher(port = 0) {
  const messages: ReceivedSms[] = [];
  const failures: Failure[] = [];
  const waiters: Array<() => void> = [];
  let attempts = 0;
  const path = `/2010-04-01/Accounts/${CATCHER_ACCOUNT_SID}/Messages.json`;
  const expectedAuth = `Basic ${Buffer.from(`${CATCHER_ACCOUNT_SID}:${CATCHER_AUTH_TOKEN}`).toString('base64')}`;

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== path) {
      return twilioError(response, 404, 20404, 'The requested resource was not found');
    }
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(response, 401, 20003, 'Authenticate');
    }
    attempts += 1;
    const failure = failures.shift();
    if (failure === 'hang') return; // never answers; close() ends the connection
    if (failure) return twilioError(response, failure.status, failure.code, 'Injected failure');
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return twilioError(response, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const text = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from) return twilioError(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    if (!text) return twilioError(response, 400, 21602, 'Message body is required.');
    if (text.length > 1600) {
      return twilioError(response, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body: text });
    for (const wake of waiters.splice(0)) wake();
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        sid,
        account_sid: CATCHER_ACCOUNT_SID,
        to,
        from,
        body: text,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${CATCHER_ACCOUNT_SID}/Messages/${sid}.json`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    /** SMS_URL for the server under test; `extra` adds query parameters (`&timeout=500`). */
    url: (extra = '') => catcherSmsUrl(address.port, extra),
    messages,
    /** Calls that reached the catcher with valid credentials, accepted or not. */
    get attempts() {
      return attempts;
    },
    /** The next call answers this Twilio error (status and code), or never answers ('hang'). */
    failNext(failure: Failure) {
      failures.push(failure);
    },
    /** The next SMS to `to` (E.164) arriving after `since` messages were counted (waits up to 10 s). */
    async waitForSms(to: string, since = 0): Promise<ReceivedSms> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.slice(since).find((message) => message.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no SMS to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The set-password link of an SMS. */
export function smsResetLink(sms: ReceivedSms): string {
  const match = /https?:\/\/\S+\/auth\/reset-password\/[A-Za-z0-9_-]+/.exec(sms.body);
  if (!match) throw new Error(`no set-password link in ${sms.body}`);
  return match[0];
}
