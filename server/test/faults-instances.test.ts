/**
 * Two instances on one PostgreSQL, as behind a load balancer: two real server processes on the same schema,
 * started at the same moment. They migrate and seed once (a database lock), both serve, a session made on one works
 * on the other, reminder mails are claimed once although both run reminders every few seconds, and what one
 * instance changes the other reads at once (its caches are versioned by the database).
 * PostgreSQL only: embedded PGlite serves one process.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/core/db/database';
import { createMailer } from '../src/core/mail/mailer';
import { runReminders } from '../src/modules/reminders/scheduler';
import { memberCreateBody } from './memberBody';
import {
  answeringPostgres,
  dropSchema,
  HttpClient,
  ROOT,
  type ServerProcess,
  schemaName,
  startServerProcess,
  withSchema,
} from './serverProcess';

const url = await answeringPostgres();
const schema = schemaName('faults_two');
const MIGRATIONS = readdirSync(path.join(ROOT, 'server/src/core/db/migrations')).filter((file) =>
  file.endsWith('.sql'),
);
let first: ServerProcess | undefined;
let second: ServerProcess | undefined;

const sql = <Row>(text: string, params: unknown[] = []) =>
  withSchema(url ?? '', schema, async (client) => (await client.query(text, params)).rows as Row[]);

beforeAll(async () => {
  if (!url) return;
  // Reminder runs every 3 s on each instance (the default is 15 minutes), so that their runs meet.
  const env = { DATABASE_URL: url, DATABASE_SCHEMA: schema, LOG_LEVEL: 'info', REMINDER_INTERVAL_MINUTES: '0.05' };
  [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  if (url) await dropSchema(url, schema);
});

function servers(): [ServerProcess, ServerProcess] {
  if (!first || !second) throw new Error('servers not started');
  return [first, second];
}

function newMember(name: string) {
  return memberCreateBody({
    firstName: 'Zweite',
    lastName: name,
    email: null,
    username: name.toLowerCase(),
    createElearningTasks: false,
    createRiskAssessmentTasks: false,
  });
}

interface MemberList {
  total: number;
  items: Array<{ uuid: string; lastName: string }>;
}

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  it('migrate and seed once and both serve', async () => {
    const [a, b] = servers();
    const applied = [a, b].filter((server) => server.output().includes('migrations applied'));
    expect(applied).toHaveLength(1);
    const seeded = [a, b].filter((server) => server.output().includes('demo data seeded'));
    expect(seeded).toHaveLength(1);
    expect(await sql('SELECT id FROM schema_migration ORDER BY id')).toEqual(MIGRATIONS.sort().map((id) => ({ id })));
    expect(await sql('SELECT identifier FROM client ORDER BY identifier')).toEqual([
      { identifier: 'acme' },
      { identifier: 'globex' },
      { identifier: 'initech' },
    ]);
    for (const server of [a, b]) expect((await fetch(`${server.base}/api/csrf`)).status).toBe(200);
  });

  it('take a session made on one instance on the other, and a sign-out on one ends it on both', async () => {
    const [a, b] = servers();
    const client = await HttpClient.signIn(a.base);
    const state = (base: string) => fetch(`${base}/api/member/state`, { headers: { cookie: client.cookieHeader } });
    expect((await state(b.base)).status).toBe(200);
    // A write through the other instance, with the XSRF token the first one issued.
    client.base = b.base;
    await client.json('/api/reminders/update-setting', { reminderMails: true });
    const logout = await fetch(`${b.base}/api/logout`, { headers: { cookie: client.cookieHeader } });
    expect(logout.status).toBeLessThan(400);
    expect((await state(a.base)).status).toBe(401);
  });

  it('read on one instance what the other changed: member list order and rows', async () => {
    const [a, b] = servers();
    const onA = await HttpClient.signIn(a.base);
    const onB = await HttpClient.signIn(b.base);
    const list = (client: HttpClient) =>
      client.json<MemberList>('/api/memberlist/getlist', { filter: { search: 'Zweite' }, perPage: 25 });
    // B reads the list first: its order and rows are now kept by B.
    expect((await list(onB)).total).toBe(0);
    const { uuid } = await onA.json<{ uuid: string }>('/api/member/createmember', newMember('Instanz'));
    expect((await list(onB)).items.map((item) => item.uuid)).toEqual([uuid]);
    expect((await list(onA)).total).toBe(1);

    // A renames the member B has just listed: B answers the new name.
    const details = await onA.json<Record<string, unknown>>('/api/memberlist/memberdetails', { uuid });
    const { lastLoginAt, archivedAt, orgUnits, locations, ...fields } = details;
    void [lastLoginAt, archivedAt, orgUnits, locations];
    await onA.json('/api/memberlist/updatememberdetails', { ...fields, lastName: 'Umbenannt' });
    expect((await list(onB)).items.map((item) => item.lastName)).toEqual(['Umbenannt']);
  });

  /**
   * Deletes the reminder deliveries and the outbox at a moment when no run holds a claim it has not settled: deleting
   * a claim that a run is still sending would let the next run claim and send that mail again, a duplicate of the
   * test's making (it showed on a busy machine). One statement, one snapshot: a claim not yet committed is not
   * deleted and settles as usual.
   */
  async function clearRemindersWhenIdle(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const [state] = await sql<{ cleared: boolean }>(
        `WITH busy AS (SELECT EXISTS (SELECT 1 FROM reminder_delivery WHERE sent_at IS NULL) AS busy),
              deliveries AS (DELETE FROM reminder_delivery WHERE NOT (SELECT busy FROM busy) RETURNING 1),
              outbox AS (DELETE FROM mail_outbox WHERE NOT (SELECT busy FROM busy) RETURNING 1)
         SELECT NOT busy AS cleared FROM busy`,
      );
      if (state?.cleared) return;
      if (attempt > 100) throw new Error('the reminder runs never stood still');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('claim every reminder mail once while both instances run reminders every few seconds', async () => {
    // Start from nothing sent (as on a new day), then let both instances' runs meet.
    await clearRemindersWhenIdle();
    let sent = 0;
    for (let round = 0; round < 40; round++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const [row] = await sql<{ sent: number; open: number }>(
        `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE sent_at IS NULL)::int AS open
           FROM reminder_delivery`,
      );
      // Several runs of each instance after the first mails went out: enough meetings.
      if (row && row.sent > 0 && row.open === 0 && round >= 8) {
        sent = row.sent;
        break;
      }
    }
    expect(sent).toBeGreaterThan(0);
    const mails = await sql<{ recipient: string; subject: string; copies: number }>(
      'SELECT recipient, subject, count(*)::int AS copies FROM mail_outbox GROUP BY recipient, subject',
    );
    expect(mails.filter((mail) => mail.copies > 1)).toEqual([]);
    expect(mails.reduce((sum, mail) => sum + mail.copies, 0)).toBe(sent);
  });

  it('claim every reminder mail once when two runs on separate connections start at the same moment', async () => {
    if (!url) return;
    await clearRemindersWhenIdle();
    // Two pools as two instances have them; the same clock, started together.
    const pools = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, schema })));
    try {
      const now = new Date();
      const [one, two] = await Promise.all(
        pools.map((db) =>
          runReminders({
            db,
            mailer: createMailer({ smtpUrl: undefined, from: 'x <x@example.com>' }),
            publicUrl: 'http://localhost:8080',
            now,
          }),
        ),
      );
      const [outbox] = await sql<{ count: number }>('SELECT count(*)::int AS count FROM mail_outbox');
      // The running instances may take part too; whatever ran, no mail went out twice.
      const mails = await sql<{ copies: number }>(
        'SELECT count(*)::int AS copies FROM mail_outbox GROUP BY recipient, subject HAVING count(*) > 1',
      );
      expect(mails).toEqual([]);
      expect(outbox?.count).toBeGreaterThanOrEqual((one?.sent ?? 0) + (two?.sent ?? 0));
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });
});
