/**
 * Password mode bySms: the admin adds a member, the welcome SMS (Twilio's Messages API, answered by the catcher)
 * carries the licensee's footer and the one-time set-password link, the member sets a password and signs in. When the
 * SMS does not go out (provider error, no answer, number refused, no provider in production) the create answers an
 * error and leaves nothing behind: no member, membership, task, token, audit entry or SMS record.
 */
import { Writable } from 'node:stream';
import { hashPassword } from '@dash/shared-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashResetToken } from '../src/modules/auth/passwordReset';
import { Agent, createTestServer, expectError, type TestServer, testConfig } from './helpers';
import { memberCreateBody } from './memberBody';
import { smsResetLink, startSmsCatcher } from './smsCatcher';

const PUBLIC_URL = 'https://dashboard.test';
let server: TestServer;
let catcher: Awaited<ReturnType<typeof startSmsCatcher>>;
/**
 * The app under test: SMS through the catcher (1 s provider timeout), in production mode (JSON log lines with every
 * field), logs kept for the no-secrets check.
 */
let app: FastifyInstance;
const logLines: string[] = [];
let admin: Agent;
let produktion: string;
let ipCounter = 1;

function logStream(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
}

async function login(target: FastifyInstance, clientIdentifier: string, username: string, host?: string) {
  const agent = new Agent(target, host);
  await agent.get('/api/csrf');
  const response = await agent.login(clientIdentifier, username);
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

beforeAll(async () => {
  catcher = await startSmsCatcher();
  server = await createTestServer();
  app = await buildApp(
    testConfig({ smsUrl: catcher.url('&timeout=1000'), publicUrl: PUBLIC_URL, logLevel: 'info', production: true }),
    server.db,
    { logStream: logStream() },
  );
  admin = await login(app, 'acme', 'admin');
  const [unit] = await server.db.query<{ uuid: string }>(
    `SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid
      WHERE c.identifier = 'acme' AND o.name = 'Produktion'`,
  );
  produktion = unit?.uuid ?? '';
  expect(produktion).not.toBe('');
});

afterAll(async () => {
  await app?.close();
  await server?.close();
  await catcher?.close();
});

let counter = 0;
function smsMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return memberCreateBody({
    firstName: 'Jürgen',
    lastName: `Weiß ${counter}`,
    email: null,
    username: `juergen.sms${counter}`,
    mobileNumber: '0171 2345678',
    passwordMode: 'bySms',
    ...overrides,
  });
}

/** Everything a create writes, counted: a refused create must leave every count as it was. */
async function footprint() {
  const [row] = await server.db.query(
    `SELECT (SELECT count(*) FROM member)::int AS members,
            (SELECT count(*) FROM org_unit_member)::int AS unit_members,
            (SELECT count(*) FROM location_member)::int AS location_members,
            (SELECT count(*) FROM elearning_task)::int AS elearning_tasks,
            (SELECT count(*) FROM elearning_member_summary)::int AS elearning_summaries,
            (SELECT count(*) FROM risk_assessment_member_task)::int AS risk_tasks,
            (SELECT count(*) FROM audit_entry)::int AS audit_entries,
            (SELECT count(*) FROM password_reset_token)::int AS tokens,
            (SELECT count(*) FROM sms_outbox)::int AS sms_records`,
  );
  return row;
}

async function memberByUsername(username: string) {
  return server.db.query<{ uuid: string; password_hash: string | null }>(
    `SELECT m.uuid, m.password_hash FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.username = $1`,
    [username],
  );
}

/** Sets the password through the SMS's link, as the set-password page does, and answers the signed-in agent. */
async function setPasswordThroughLink(link: string, password: string, host?: string) {
  const agent = new Agent(app, host);
  await agent.get('/api/csrf');
  const hashed = hashPassword(password);
  const response = await agent.request({
    method: 'POST',
    url: '/api/resetpassword',
    body: { token: link.split('/').pop(), password: hashed, passwordConfirmation: hashed },
    headers: { 'x-forwarded-for': `10.9.0.${ipCounter++}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

describe('password mode bySms', () => {
  it("sends the set-password link in German with the licensee's SMS footer; the member sets a password and signs in", async () => {
    const body = smsMember({ orgUnitUuids: [produktion] });
    const since = catcher.messages.length;
    const response = await admin.post('/api/member/createmember', body);
    expect(response.statusCode, response.body).toBe(200);
    const { uuid } = response.json();
    expect(response.json()).toEqual({ uuid, welcomeMailSent: false, welcomeSmsSent: true });
    // Produktion's e-learnings became tasks: what a failed SMS's undo (below) has to take back as well.
    const [tasks] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM elearning_task WHERE member_uuid = $1',
      [uuid],
    );
    expect(tasks?.count).toBeGreaterThan(0);

    const sms = await catcher.waitForSms('+491712345678', since);
    const link = smsResetLink(sms);
    expect(link.startsWith(`${PUBLIC_URL}/auth/reset-password/`)).toBe(true);
    expect(sms.body).toBe(
      `Dashboard: Hallo Jürgen, für Sie wurde ein Konto bei ACME Sicherheit GmbH angelegt. Firmen-ID: acme, ` +
        `Benutzername: ${body.username}. Legen Sie Ihr Passwort fest (7 Tage gültig, einmal verwendbar): ${link}` +
        '\n\nDashboard GmbH · Hilfe/Help: dashboard.example.com/hilfe',
    );
    // The token is the welcome mail's: stored as its SHA-256 only, 7 days.
    const token = link.split('/').pop() ?? '';
    const tokens = await server.db.query(
      `SELECT purpose, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days
         FROM password_reset_token WHERE member_uuid = $1 AND token_hash = $2`,
      [uuid, hashResetToken(token)],
    );
    expect(tokens).toEqual([{ purpose: 'welcome', days: 7 }]);
    // Sent through the provider: the record has the provider's id and no text (the link is not kept in a table).
    const records = await server.db.query(
      'SELECT transport, text_body, provider_message_id FROM sms_outbox WHERE member_uuid = $1',
      [uuid],
    );
    expect(records).toEqual([{ transport: 'twilio', text_body: null, provider_message_id: sms.sid }]);

    const member = await setPasswordThroughLink(link, 'Willkommen#2026');
    expect((await member.get('/api/member/state')).json().member.uuid).toBe(uuid);
    const again = new Agent(app);
    await again.get('/api/csrf');
    expect((await again.login('acme', body.username, 'Willkommen#2026')).statusCode).toBe(200);
    // The link works once.
    const reused = new Agent(app);
    await reused.get('/api/csrf');
    const hashed = hashPassword('Nochmal#2026');
    expectError(
      await reused.request({
        method: 'POST',
        url: '/api/resetpassword',
        body: { token, password: hashed, passwordConfirmation: hashed },
        headers: { 'x-forwarded-for': `10.9.0.${ipCounter++}` },
      }),
      400,
      'PasswordResetToken.NotFound',
    );
  });

  it("writes in English for an English member, with the white-label licensee's footer and host name", async () => {
    const partnerAdmin = await login(app, 'initech', 'admin', 'partner.localhost');
    const body = smsMember({ language: 'en_GB', firstName: 'Nora', mobileNumber: '+44 7911 123456' });
    const since = catcher.messages.length;
    const response = await partnerAdmin.post('/api/member/createmember', body);
    expect(response.statusCode, response.body).toBe(200);
    const sms = await catcher.waitForSms('+447911123456', since);
    const link = smsResetLink(sms);
    expect(link.startsWith('https://partner.localhost/auth/reset-password/')).toBe(true);
    expect(sms.body).toContain('SafeGuard Partners: Hello Nora, an account at ');
    expect(sms.body).toContain(`Company ID: initech, username: ${body.username}.`);
    expect(sms.body).toContain('(the link works for 7 days and only once)');
    expect(sms.body.endsWith('\n\nSafeGuard Partners Ltd · Help: safeguard.example.com/help')).toBe(true);
    expect(sms.body).not.toContain('Dashboard');
    await setPasswordThroughLink(link, 'Welcome#2026', 'partner.localhost');
  });

  it('wants a valid mobile number, and refuses a password or an unknown mode with it', async () => {
    const before = await footprint();
    const attempts = catcher.attempts;
    expectError(
      await admin.post('/api/member/createmember', smsMember({ mobileNumber: null })),
      400,
      'Member.MobileNumberRequired',
    );
    expectError(
      await admin.post('/api/member/createmember', smsMember({ mobileNumber: '  ' })),
      400,
      'Member.MobileNumberRequired',
    );
    expectError(
      await admin.post('/api/member/createmember', smsMember({ mobileNumber: '12' })),
      400,
      'Member.InvalidMobile',
    );
    expectError(
      await admin.post('/api/member/createmember', smsMember({ password: hashPassword('Secret#2026') })),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await admin.post('/api/member/createmember', smsMember({ passwordMode: 'bySMS' })),
      400,
      'Schema.ValidationFailed',
    );
    expect(catcher.attempts).toBe(attempts);
    expect(await footprint()).toEqual(before);
  });
});

describe('when the SMS does not go out, the member is not created', () => {
  async function refusedCreate(status: number, code: string) {
    const body = smsMember({ orgUnitUuids: [produktion] });
    const before = await footprint();
    const attempts = catcher.attempts;
    expectError(await admin.post('/api/member/createmember', body), status, code);
    expect(catcher.attempts).toBe(attempts + 1);
    expect(await footprint()).toEqual(before);
    expect(await memberByUsername(body.username)).toEqual([]);
    expect((await admin.post('/api/member/checkusername', { username: body.username })).json()).toEqual({
      usernameExists: false,
    });
    return body;
  }

  it('provider error (HTTP 500): Sms.SendingFailed, nothing left behind, and the same create works once it is back', async () => {
    catcher.failNext({ status: 500, code: 20500 });
    const body = await refusedCreate(500, 'Sms.SendingFailed');
    const response = await admin.post('/api/member/createmember', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await memberByUsername(body.username)).toHaveLength(1);
  });

  it('no answer within the timeout: Sms.SendingFailed', async () => {
    catcher.failNext('hang');
    await refusedCreate(500, 'Sms.SendingFailed');
  });

  it('our credentials refused (401) or too many requests (429): Sms.SendingFailed', async () => {
    catcher.failNext({ status: 401, code: 20003 });
    await refusedCreate(500, 'Sms.SendingFailed');
    catcher.failNext({ status: 429, code: 20429 });
    await refusedCreate(500, 'Sms.SendingFailed');
  });

  it('the provider refuses the number (not a mobile, opted out): Sms.RecipientRejected', async () => {
    catcher.failNext({ status: 400, code: 21614 });
    await refusedCreate(400, 'Sms.RecipientRejected');
    catcher.failNext({ status: 400, code: 21610 });
    await refusedCreate(400, 'Sms.RecipientRejected');
  });

  it('logs why, but never the link, the token, the text or the number', async () => {
    catcher.failNext({ status: 500, code: 20500 });
    const from = logLines.length;
    await refusedCreate(500, 'Sms.SendingFailed');
    const logged = logLines.slice(from).join('\n');
    expect(logged).toContain('welcome SMS not sent');
    expect(logged).toContain('"detail":"HTTP 500, Twilio error 20500"');
    // A successful SMS's request logs nothing of it either.
    const since = catcher.messages.length;
    const body = smsMember();
    expect((await admin.post('/api/member/createmember', body)).statusCode).toBe(200);
    const sms = await catcher.waitForSms('+491712345678', since);
    const token = smsResetLink(sms).split('/').pop() ?? '';
    const all = logLines.slice(from).join('\n');
    for (const secret of [token, '/auth/reset-password/', '2345678', 'Legen Sie', 'catcher-auth-token']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('without SMS_URL', () => {
  it('a developer server keeps the SMS, with its text, in the outbox', async () => {
    const outboxApp = await buildApp(testConfig({ publicUrl: PUBLIC_URL }), server.db);
    try {
      expect(outboxApp.sms.transport).toBe('outbox');
      const agent = await login(outboxApp, 'acme', 'admin');
      const attempts = catcher.attempts;
      const response = await agent.post('/api/member/createmember', smsMember({ mobileNumber: '+43 664 1234567' }));
      expect(response.statusCode, response.body).toBe(200);
      const [record] = await server.db.query<{ recipient: string; text_body: string; transport: string }>(
        'SELECT recipient, text_body, transport FROM sms_outbox WHERE member_uuid = $1',
        [response.json().uuid],
      );
      expect(record?.transport).toBe('outbox');
      expect(record?.recipient).toBe('+436641234567');
      expect(record?.text_body).toMatch(
        /^Dashboard: Hallo Jürgen, .*\/auth\/reset-password\/[\w-]+\n\nDashboard GmbH/s,
      );
      expect(catcher.attempts).toBe(attempts);
      // Deleting the member for good takes the kept SMS (number and link) with it.
      const uuids = [response.json().uuid];
      expect((await agent.post('/api/memberlist/archivemember', { uuids })).statusCode).toBe(200);
      expect((await agent.post('/api/archivedmember/deletemember', { uuids })).statusCode).toBe(200);
      expect(await server.db.query('SELECT 1 FROM sms_outbox WHERE member_uuid = $1', uuids)).toEqual([]);
    } finally {
      await outboxApp.close();
    }
  });

  it('a production server refuses bySms (Sms.NotConfigured) before creating anything', async () => {
    const productionApp = await buildApp(testConfig({ production: true }), server.db);
    try {
      expect(productionApp.sms.transport).toBe('disabled');
      const agent = await login(productionApp, 'acme', 'admin');
      const before = await footprint();
      expectError(await agent.post('/api/member/createmember', smsMember()), 409, 'Sms.NotConfigured');
      expect(await footprint()).toEqual(before);
    } finally {
      await productionApp.close();
    }
  });
});
