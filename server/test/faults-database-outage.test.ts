/**
 * The database goes away: a TCP proxy between the real server process and PostgreSQL cuts every
 * connection and refuses new ones, as when the database server stops or the network breaks. Calls during the outage
 * answer 503 Database.Unavailable within seconds; once the proxy is back the server works again by itself; a
 * multi-row write cut in the middle of its transaction leaves nothing behind.
 * PostgreSQL only (embedded PGlite lives inside the server process and cannot go away on its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answeringPostgres,
  dropSchema,
  HttpClient,
  type ServerProcess,
  schemaName,
  startServerProcess,
  TcpProxy,
  throughPort,
  withSchema,
} from './serverProcess';

const url = await answeringPostgres();
const schema = schemaName('faults_outage');
let proxy: TcpProxy | undefined;
let server: ServerProcess | undefined;

const sql = <Row>(text: string, params: unknown[] = []) =>
  withSchema(url ?? '', schema, async (client) => (await client.query(text, params)).rows as Row[]);

beforeAll(async () => {
  if (!url) return;
  proxy = TcpProxy.forUrl(url);
  await proxy.start();
  server = await startServerProcess({
    DATABASE_URL: throughPort(url, proxy.port),
    DATABASE_SCHEMA: schema,
    REMINDER_INTERVAL_MINUTES: '0',
    // Shorter than the default 5 s, so that the test waits less; the behaviour is the same.
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
  });
}, 120_000);

afterAll(async () => {
  await proxy?.restore();
  await server?.stop();
  await proxy?.close();
  if (url) await dropSchema(url, schema);
});

function running(): { server: ServerProcess; proxy: TcpProxy } {
  if (!server || !proxy) throw new Error('not started');
  return { server, proxy };
}

/** A call, its answer and how long it took (each call sets its own fetch limit: a hanging call fails the test). */
async function timed(call: () => Promise<Response>) {
  const started = Date.now();
  const response = await call();
  const body = await response.text();
  return { status: response.status, body, seconds: (Date.now() - started) / 1000 };
}

const LIST = { filter: {}, perPage: 25 };

describe.skipIf(!url)('the database goes away and comes back', () => {
  it('answers 503 Database.Unavailable within seconds, then works again by itself', { timeout: 90_000 }, async () => {
    const { server, proxy } = running();
    const client = await HttpClient.signIn(server.base);
    expect((await client.post('/api/memberlist/getlist', LIST)).status).toBe(200);

    proxy.cut();
    // A read, a write and the session check: each answers 503 with the code, none hangs. The fetch's own limit
    // (10 s) is the "never hangs" bound.
    for (const call of [
      () => client.post('/api/memberlist/getlist', LIST, 10_000),
      () => client.post('/api/reminders/update-setting', { reminderMails: false }, 10_000),
      () => fetch(`${server.base}/api/member/state`, { headers: { cookie: client.cookieHeader } }),
    ]) {
      const answer = await timed(call);
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'Database.Unavailable' } });
      expect(answer.seconds).toBeLessThan(8);
    }
    // Many calls at once during the outage: all answered, none left hanging, the process still up.
    const many = await Promise.all(
      Array.from({ length: 20 }, () => timed(() => client.post('/api/memberlist/getlist', LIST, 20_000))),
    );
    expect(many.map((answer) => answer.status)).toEqual(many.map(() => 503));
    expect(server.child.exitCode).toBeNull();

    await proxy.restore();
    // Back without a restart: the pool opens new connections on the next call.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await client.post('/api/memberlist/getlist', LIST)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.base}/api/member/state`, { headers: { cookie: client.cookieHeader } })).status).toBe(
      200,
    );
  });

  it('leaves nothing of a multi-row write cut in the middle of its transaction', { timeout: 90_000 }, async () => {
    const { server, proxy } = running();
    const client = await HttpClient.signIn(server.base);
    const { uuid: group } = await client.json<{ uuid: string }>('/api/member-group/create-member-group', {
      name: 'Ersthelfer Ausfall',
      type: 'first-aid',
    });
    const members = await client.json<{ items: Array<{ uuid: string }> }>('/api/memberlist/getlist', {
      filter: {},
      perPage: 25,
    });
    const memberUuids = members.items.map((item) => item.uuid);
    const auditBefore = await sql<{ count: number }>('SELECT count(*)::int AS count FROM audit_entry');

    // The group's member rows are written, then the audit entries: the connection breaks as the second statement
    // leaves the server, inside the transaction.
    const cut = proxy.cutWhenSent('INSERT INTO audit_entry');
    const answer = await timed(() =>
      client.post('/api/member-group/assign-members', { uuid: group, memberUuids }, 10_000),
    );
    await cut;
    expect(answer.status, answer.body).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'Database.Unavailable' } });

    await proxy.restore();
    // Nothing of it landed: no member in the group, no audit entry.
    const [rows] = await sql<{ count: number }>(
      'SELECT count(*)::int AS count FROM member_group_member WHERE member_group_uuid = $1',
      [group],
    );
    expect(rows?.count).toBe(0);
    expect(await sql('SELECT count(*)::int AS count FROM audit_entry')).toEqual(auditBefore);

    // The same call again, with the database there: all of it lands.
    const again = await client.json<{ changed: number }>('/api/member-group/assign-members', {
      uuid: group,
      memberUuids,
    });
    expect(again.changed).toBe(memberUuids.length);
    const [after] = await sql<{ count: number }>(
      'SELECT count(*)::int AS count FROM member_group_member WHERE member_group_uuid = $1',
      [group],
    );
    expect(after?.count).toBe(memberUuids.length);
  });
});
