/** The SMS sender behind SMS_URL: the URL's rules, and the Twilio adapter against the catcher that speaks its API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsSender, InvalidSmsUrlError } from '../src/core/sms/smsSender';
import { parseTwilioUrl, twilioProvider } from '../src/core/sms/twilio';
import { CATCHER_ACCOUNT_SID, CATCHER_AUTH_TOKEN, CATCHER_FROM, startSmsCatcher } from './smsCatcher';

let catcher: Awaited<ReturnType<typeof startSmsCatcher>>;

beforeAll(async () => {
  catcher = await startSmsCatcher();
});

afterAll(async () => {
  await catcher?.close();
});

function settings(url: string) {
  const parsed = parseTwilioUrl(new URL(url));
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('SMS_URL', () => {
  it('names Twilio with Account SID, Auth Token, sender and an optional timeout', () => {
    expect(settings('twilio://AC0123456789abcdef:s3cr%2Ft@api.twilio.com?from=%2B4915112345678')).toEqual({
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC0123456789abcdef',
      authToken: 's3cr/t',
      sender: { from: '+4915112345678' },
      timeoutMs: 10_000,
    });
    expect(settings('twilio://AC0123456789abcdef:t@api.twilio.com?messagingServiceSid=MG1&timeout=2500')).toMatchObject(
      {
        sender: { messagingServiceSid: 'MG1' },
        timeoutMs: 2500,
      },
    );
    expect(settings(catcher.url()).baseUrl).toBe(`http://127.0.0.1:${catcher.port}`);
  });

  it('refuses what cannot work, at start, without repeating the credentials', () => {
    const refused = [
      'not a url',
      'smtp://localhost:25',
      'twilio://someone:token@api.twilio.com?from=%2B49151',
      'twilio://AC0123456789abcdef@api.twilio.com?from=%2B49151',
      'twilio://AC0123456789abcdef:secret-token@api.twilio.com',
      'twilio://AC0123456789abcdef:secret-token@api.twilio.com?from=%2B49151&messagingServiceSid=MG1',
      'twilio://AC0123456789abcdef:secret-token@api.twilio.com?from=%2B49151&timeout=0',
      // The token would travel unencrypted to another machine.
      'twilio+http://AC0123456789abcdef:secret-token@sms.example.com?from=%2B49151',
    ];
    for (const smsUrl of refused) {
      let caught: unknown;
      try {
        createSmsSender({ smsUrl, production: false });
      } catch (error) {
        caught = error;
      }
      expect(caught, smsUrl).toBeInstanceOf(InvalidSmsUrlError);
      expect((caught as Error).message).not.toContain('secret-token');
    }
  });

  it('unset: the outbox for developers, refused (not configured) in production', async () => {
    expect(createSmsSender({ smsUrl: undefined, production: false }).transport).toBe('outbox');
    const disabled = createSmsSender({ smsUrl: undefined, production: true });
    expect(disabled.transport).toBe('disabled');
    const db = { query: async () => [] } as never;
    expect(
      await disabled.send(db, { clientUuid: 'x', memberUuid: null, to: '+491711234567', text: 'x' }),
    ).toMatchObject({
      ok: false,
      failure: 'notConfigured',
    });
  });
});

describe('Twilio adapter', () => {
  it("posts To, From and Body with Basic auth to the account's Messages.json and answers the message sid", async () => {
    const provider = twilioProvider(settings(catcher.url()));
    const since = catcher.messages.length;
    const result = await provider.send('+491711234567', 'Grüße aus Köln – 1 € & mehr?\nZweite Zeile');
    expect(result).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    expect(catcher.messages.slice(since)).toEqual([
      {
        sid: (result as { providerMessageId: string }).providerMessageId,
        to: '+491711234567',
        from: CATCHER_FROM,
        body: 'Grüße aus Köln – 1 € & mehr?\nZweite Zeile',
      },
    ]);
  });

  it('sends MessagingServiceSid instead of From when the URL names a messaging service', async () => {
    const url = `twilio+http://${CATCHER_ACCOUNT_SID}:${CATCHER_AUTH_TOKEN}@127.0.0.1:${catcher.port}?messagingServiceSid=MG0123`;
    const since = catcher.messages.length;
    expect((await twilioProvider(settings(url)).send('+491711234567', 'Hallo')).ok).toBe(true);
    expect(catcher.messages.slice(since).map((message) => message.from)).toEqual(['MG0123']);
  });

  it('tells a refused number from a provider that fails, refuses us or does not answer', async () => {
    const provider = twilioProvider(settings(catcher.url('&timeout=300')));
    expect(await provider.send('+49 171', 'x')).toEqual({
      ok: false,
      failure: 'recipientRejected',
      detail: 'HTTP 400, Twilio error 21211',
    });
    catcher.failNext({ status: 503, code: 20503 });
    expect(await provider.send('+491711234567', 'x')).toEqual({
      ok: false,
      failure: 'unavailable',
      detail: 'HTTP 503, Twilio error 20503',
    });
    catcher.failNext('hang');
    expect(await provider.send('+491711234567', 'x')).toEqual({
      ok: false,
      failure: 'unavailable',
      detail: 'no answer within 300 ms',
    });
    const wrongToken = `twilio+http://${CATCHER_ACCOUNT_SID}:wrong@127.0.0.1:${catcher.port}?from=%2B49151`;
    expect(await twilioProvider(settings(wrongToken)).send('+491711234567', 'x')).toEqual({
      ok: false,
      failure: 'unavailable',
      detail: 'HTTP 401, Twilio error 20003',
    });
    const nobody = `twilio+http://${CATCHER_ACCOUNT_SID}:t@127.0.0.1:9?from=%2B49151`;
    expect(await twilioProvider(settings(nobody)).send('+491711234567', 'x')).toEqual({
      ok: false,
      failure: 'unavailable',
      detail: 'no connection',
    });
  });
});
