/** Forgotten password, set password (reset and welcome links), password history and rate limits; mail via SMTP. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hashPassword } from '@dash/shared-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/core/mail/mailer';
import { OutboxNotAvailableError, readOutbox } from '../src/core/mail/outbox';
import { readSmsOutbox } from '../src/core/sms/outbox';
import { createSmsSender } from '../src/core/sms/smsSender';
import { hashResetToken, sendWelcomeMail } from '../src/modules/auth/passwordReset';
import { createTestServer, DEMO_PASSWORD, expectError, memberUuid, type TestServer } from './helpers';
import { resetLink, startSmtpServer } from './smtp';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PUBLIC_URL = 'https://dashboard.test';
/** acme staff accounts nobody else in this file uses. */
let spare: Array<{ uuid: string; username: string; email: string }>;
let ipCounter = 1;
function pick(index: number) {
  const member = spare[index];
  if (!member) throw new Error(`no spare member ${index}`);
  return member;
}
/** A fresh client IP per test, so the per-IP rate limits of one test do not touch another. */
const freshIp = () => `10.0.0.${ipCounter++}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await createTestServer({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  spare = await server.db.query(
    `SELECT m.uuid, m.username, m.email FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.role = 'member' AND m.status = 'active' AND m.archived_at IS NULL
        AND m.username <> 'member' AND m.email IS NOT NULL
      ORDER BY m.username LIMIT 8`,
  );
  expect(spare.length).toBe(8);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function anonymousFrom(ip: string) {
  const agent = await server.anonymous();
  return {
    agent,
    post: (url: string, body: unknown) =>
      agent.request({ method: 'POST', url, body, headers: { 'x-forwarded-for': ip } }),
  };
}

async function requestReset(username: string, ip = freshIp()) {
  const since = smtp.mails.length;
  const { post } = await anonymousFrom(ip);
  const response = await post('/api/createpasswordresettoken', { clientIdentifier: 'acme', username });
  return { response, since };
}

/** What a refused call must leave as it was: password, password history and the member's sessions. */
async function accountSnapshot(uuid: string) {
  return {
    member: await server.db.query('SELECT password_hash, last_login_at FROM member WHERE uuid = $1', [uuid]),
    history: await server.db.query('SELECT password_hash FROM password_history WHERE member_uuid = $1 ORDER BY id', [
      uuid,
    ]),
    sessions: await server.db.query('SELECT token_hash FROM session WHERE member_uuid = $1 ORDER BY token_hash', [
      uuid,
    ]),
  };
}

function tokenOf(link: string): string {
  return link.split('/').pop() ?? '';
}

describe('forgotten password', () => {
  it('mails a German reset link with licensee branding and footer; the token is stored only as a hash', async () => {
    const member = pick(0);
    await server.db.query("UPDATE member SET language = 'de_DE' WHERE uuid = $1", [member.uuid]);
    await server.db.query(
      "UPDATE licensee SET notification_footer_email = 'Dashboard GmbH · Musterstraße 1 · Berlin' WHERE is_default",
    );
    const { response, since } = await requestReset(member.username);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const mail = await smtp.waitForMail(member.email, since);
    expect(mail.subject).toBe('Dashboard: Passwort zurücksetzen');
    expect(mail.decoded).toContain('Neues Passwort festlegen');
    expect(mail.decoded).toContain('Dashboard GmbH · Musterstraße 1 · Berlin');
    const link = resetLink(mail);
    expect(link.startsWith(`${PUBLIC_URL}/auth/reset-password/`)).toBe(true);
    const token = tokenOf(link);
    const rows = await server.db.query<{ token_hash: string; expires_in: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - now())::int AS expires_in
         FROM password_reset_token WHERE member_uuid = $1 AND used_at IS NULL`,
      [member.uuid],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashResetToken(token));
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.expires_in).toBeGreaterThan(7000);
    expect(rows[0]?.expires_in).toBeLessThanOrEqual(7200);
    // Kept in the outbox table too.
    const outbox = await server.db.query<{ transport: string }>(
      'SELECT transport FROM mail_outbox WHERE recipient = $1',
      [member.email],
    );
    expect(outbox.map((row) => row.transport)).toContain('smtp');
  });

  it('writes in English for a member whose language is en_GB', async () => {
    const member = pick(1);
    await server.db.query("UPDATE member SET language = 'en_GB' WHERE uuid = $1", [member.uuid]);
    const { response, since } = await requestReset(member.username);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMail(member.email, since);
    expect(mail.subject).toBe('Dashboard: reset your password');
    expect(mail.decoded).toContain('Set a new password');
  });

  it('answers an unknown account exactly like a real one, sends nothing, and applies the 10-minute rule to both', async () => {
    const before = smtp.mails.length;
    const unknown = await requestReset('no.such.person');
    expect(unknown.response.statusCode).toBe(200);
    expect(unknown.response.body).toBe('{"ok":true}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
    expectError((await requestReset('no.such.person')).response, 400, 'Client.InvalidLastResetDate');
    // The real account of the first test: within 10 minutes, refused the same way, no mail.
    expectError((await requestReset(pick(0).username)).response, 400, 'Client.InvalidLastResetDate');
    expect(smtp.mails.length).toBe(before);
  });

  it('sends nothing for an archived member and answers the same', async () => {
    const member = pick(2);
    await server.db.query('UPDATE member SET archived_at = now() WHERE uuid = $1', [member.uuid]);
    const { response } = await requestReset(member.username);
    expect(response.body).toBe('{"ok":true}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.some((mail) => mail.to.includes(member.email))).toBe(false);
    await server.db.query('UPDATE member SET archived_at = NULL WHERE uuid = $1', [member.uuid]);
  });

  it('rate limits reset requests per IP address (429 Request.TooManyRequests)', async () => {
    const ip = freshIp();
    for (let index = 0; index < 10; index += 1) {
      expect((await requestReset(`nobody-${index}`, ip)).response.statusCode).toBe(200);
    }
    expectError((await requestReset('nobody-else', ip)).response, 429, 'Request.TooManyRequests');
    expect((await requestReset('nobody-else', freshIp())).response.statusCode).toBe(200);
  });
});

describe('set password with a token', () => {
  let token: string;
  const member = () => pick(3);

  beforeAll(async () => {
    const { since } = await requestReset(member().username);
    token = tokenOf(resetLink(await smtp.waitForMail(member().email, since)));
  });

  it('refuses a mismatch (Password.ConfirmationMismatch) and the current password (Password.AlreadyUsed); the token stays valid', async () => {
    await server.login('acme', member().username);
    const before = await accountSnapshot(member().uuid);
    const { agent, post } = await anonymousFrom(freshIp());
    expectError(
      await post('/api/resetpassword', {
        token,
        password: hashPassword('New#Pass2026'),
        passwordConfirmation: hashPassword('Other#Pass2026'),
      }),
      400,
      'Password.ConfirmationMismatch',
    );
    const current = hashPassword(DEMO_PASSWORD);
    expectError(
      await post('/api/resetpassword', { token, password: current, passwordConfirmation: current }),
      400,
      'Password.AlreadyUsed',
    );
    const [row] = await server.db.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM password_reset_token WHERE token_hash = $1',
      [hashResetToken(token)],
    );
    expect(row?.used).toBe(false);
    // Nothing changed: same password, history and sessions; no session cookie for the caller.
    expect(await accountSnapshot(member().uuid)).toEqual(before);
    expect(agent.session).toBeUndefined();
  });

  it('sets the password, ends the other sessions, signs in; the token then answers PasswordResetToken.NotFound', async () => {
    const other = await server.login('acme', member().username);
    expect((await other.get('/api/heartbeat')).statusCode).toBe(200);
    const { agent, post } = await anonymousFrom(freshIp());
    const password = hashPassword('New#Pass2026');
    const response = await post('/api/resetpassword', { token, password, passwordConfirmation: password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ authenticated: true });
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual(['SESSION', 'XSRF-TOKEN']);
    const state = await agent.get('/api/member/state');
    expect(state.statusCode).toBe(200);
    expect(state.json().member.uuid).toBe(member().uuid);
    expectError(await other.get('/api/heartbeat'), 401, 'Auth.Unauthorized');
    // Old password no longer works; the new one does.
    expectError(await (await server.anonymous()).login('acme', member().username), 401, 'Login.Failed');
    expect((await server.login('acme', member().username, { password: 'New#Pass2026' })).session).toBeTruthy();
    // Single use.
    const again = hashPassword('Another#Pass2026');
    expectError(
      await post('/api/resetpassword', { token, password: again, passwordConfirmation: again }),
      400,
      'PasswordResetToken.NotFound',
    );
  });

  it('answers PasswordResetToken.NotFound for an unknown token and PasswordResetToken.TooOld for an expired one', async () => {
    const { post } = await anonymousFrom(freshIp());
    const password = hashPassword('Fresh#Pass2026');
    expectError(
      await post('/api/resetpassword', { token: 'x'.repeat(43), password, passwordConfirmation: password }),
      400,
      'PasswordResetToken.NotFound',
    );
    const { since } = await requestReset(pick(4).username);
    const expired = tokenOf(resetLink(await smtp.waitForMail(pick(4).email, since)));
    await server.db.query(
      "UPDATE password_reset_token SET expires_at = now() - interval '1 minute' WHERE token_hash = $1",
      [hashResetToken(expired)],
    );
    const hashBefore = await accountSnapshot(pick(4).uuid);
    expectError(
      await post('/api/resetpassword', { token: expired, password, passwordConfirmation: password }),
      400,
      'PasswordResetToken.TooOld',
    );
    expect(await accountSnapshot(pick(4).uuid)).toEqual(hashBefore);
  });

  it('rate limits setting a password with a token per IP address (429 Request.TooManyRequests)', async () => {
    const ip = freshIp();
    const { post } = await anonymousFrom(ip);
    const password = hashPassword('Guess#Pass2026');
    const guess = (index: number) =>
      post('/api/resetpassword', {
        token: `guess-${index}`.padEnd(43, 'x'),
        password,
        passwordConfirmation: password,
      });
    for (let index = 0; index < 20; index += 1) {
      expectError(await guess(index), 400, 'PasswordResetToken.NotFound');
    }
    expectError(await guess(20), 429, 'Request.TooManyRequests');
    // Another address is not affected.
    const other = await anonymousFrom(freshIp());
    expectError(
      await other.post('/api/resetpassword', { token: 'y'.repeat(43), password, passwordConfirmation: password }),
      400,
      'PasswordResetToken.NotFound',
    );
  });

  it('a password used before (kept in the history) is refused', async () => {
    // spare[3] changed DEMO -> New#Pass2026 above; DEMO is now in the history.
    const agent = await server.login('acme', member().username, { password: 'New#Pass2026' });
    const response = await agent.request({
      method: 'POST',
      url: '/api/profile/changepassword',
      body: {
        old: hashPassword('New#Pass2026'),
        new: hashPassword(DEMO_PASSWORD),
        newCheck: hashPassword(DEMO_PASSWORD),
      },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expectError(response, 400, 'Password.AlreadyUsed');
  });
});

describe('welcome mail (password mode byEmail)', () => {
  it('mails a 7-day set-password link; the member sets a first password and is signed in', async () => {
    const [created] = await server.db.query<{ uuid: string }>(
      `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, language)
       SELECT uuid, 'new.starter', 'member', 'new.starter@acme.example', 'Nora', 'Neu', 'en_GB'
         FROM client WHERE identifier = 'acme' RETURNING uuid`,
    );
    const uuid = created?.uuid ?? '';
    const since = smtp.mails.length;
    await sendWelcomeMail({ db: server.db, mailer: server.app.mailer, publicUrl: PUBLIC_URL }, uuid);
    const mail = await smtp.waitForMail('new.starter@acme.example', since);
    expect(mail.subject).toBe('Welcome to Dashboard');
    expect(mail.decoded).toContain('7 days');
    const token = tokenOf(resetLink(mail));
    const [row] = await server.db.query<{ purpose: string; days: number }>(
      `SELECT purpose, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days
         FROM password_reset_token WHERE token_hash = $1`,
      [hashResetToken(token)],
    );
    expect(row).toEqual({ purpose: 'welcome', days: 7 });
    const { agent, post } = await anonymousFrom(freshIp());
    const password = hashPassword('Welcome#2026');
    const response = await post('/api/resetpassword', { token, password, passwordConfirmation: password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await agent.get('/api/member/state')).json().member.uuid).toBe(uuid);
  });

  it('answers Member.NotFound for an unknown member and Notification.SendingFailed when the mail server is down', async () => {
    const services = { db: server.db, mailer: server.app.mailer, publicUrl: PUBLIC_URL };
    await expect(sendWelcomeMail(services, crypto.randomUUID())).rejects.toMatchObject({ code: 'Member.NotFound' });
    const broken = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@example.com' });
    await expect(
      sendWelcomeMail({ ...services, mailer: broken }, await memberUuid(server.db, 'acme', pick(5).username)),
    ).rejects.toMatchObject({ code: 'Notification.SendingFailed', statusCode: 500 });
    broken.close();
  });
});

describe('white-label licensee and the outbox', () => {
  it("brands the mail with the partner licensee, its footer and its host name, in the member's language", async () => {
    await server.db.query(
      "UPDATE licensee SET notification_footer_email = 'SafeGuard Partners Ltd · 1 Safe Street · Leeds' WHERE identifier = 'safeguard'",
    );
    const since = smtp.mails.length;
    const agent = await server.anonymous({ host: 'partner.localhost' });
    const response = await agent.request({
      method: 'POST',
      url: '/api/createpasswordresettoken',
      body: { clientIdentifier: 'initech', username: 'admin' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitForMail('admin@initech.example', since);
    expect(mail.subject).toBe('SafeGuard Partners: reset your password');
    expect(mail.decoded).toContain('SafeGuard Partners Ltd · 1 Safe Street · Leeds');
    expect(mail.decoded).not.toContain('Dashboard');
    expect(resetLink(mail).startsWith('https://partner.localhost/auth/reset-password/')).toBe(true);
  });

  it('without SMTP_URL keeps mails in the outbox for developers; the outbox is refused in production mode', async () => {
    const outboxOnly = createMailer({ smtpUrl: undefined, from: 'Dashboard <no-reply@dashboard.localhost>' });
    expect(outboxOnly.transport).toBe('outbox');
    const member = pick(6);
    await server.db.query("UPDATE member SET language = 'de_DE' WHERE uuid = $1", [member.uuid]);
    const before = smtp.mails.length;
    await sendWelcomeMail({ db: server.db, mailer: outboxOnly, publicUrl: PUBLIC_URL }, member.uuid);
    const mails = await readOutbox(server.db, { production: false, limit: 5 });
    const last = mails.at(-1);
    expect(last).toMatchObject({ recipient: member.email, transport: 'outbox' });
    expect(last?.subject).toBe('Willkommen bei Dashboard');
    expect(last?.text).toContain(`${PUBLIC_URL}/auth/reset-password/`);
    // Nothing went out by SMTP.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);

    await expect(readOutbox(server.db, { production: true, limit: 5 })).rejects.toBeInstanceOf(OutboxNotAvailableError);
    // The command itself (npm run outbox) stops before it opens the database.
    const root = path.resolve(import.meta.dirname, '../..');
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['server/src/core/mail/outbox-cli.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not available with NODE_ENV=production');
    expect(result.stdout).toBe('');
  });

  it("without SMS_URL keeps SMS in the SMS outbox (newest last, a provider's without text); refused in production mode", async () => {
    const [acme] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
    const sender = createSmsSender({ smsUrl: undefined, production: false });
    expect(sender.transport).toBe('outbox');
    const sms = { clientUuid: acme?.uuid ?? '', memberUuid: null, to: '+4915100000001', text: 'Erste' };
    await sender.send(server.db, sms);
    await sender.send(server.db, { ...sms, to: '+4915100000002', text: 'Zweite' });
    await server.db.query(
      `INSERT INTO sms_outbox (client_uuid, recipient, text_body, transport, provider_message_id)
       VALUES ($1, '+4915100000003', NULL, 'twilio', 'SM-outbox-test')`,
      [acme?.uuid],
    );
    try {
      const messages = await readSmsOutbox(server.db, { production: false, limit: 3 });
      expect(messages.map(({ recipient, text, transport }) => ({ recipient, text, transport }))).toEqual([
        { recipient: '+4915100000001', text: 'Erste', transport: 'outbox' },
        { recipient: '+4915100000002', text: 'Zweite', transport: 'outbox' },
        { recipient: '+4915100000003', text: null, transport: 'twilio' },
      ]);
      expect(Number(messages[1]?.id)).toBeGreaterThan(Number(messages[0]?.id));
      expect(messages[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
      await expect(readSmsOutbox(server.db, { production: true, limit: 3 })).rejects.toBeInstanceOf(
        OutboxNotAvailableError,
      );
    } finally {
      await server.db.query("DELETE FROM sms_outbox WHERE recipient LIKE '+49151000000%'");
    }
  });
});
