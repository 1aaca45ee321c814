/**
 * A server killed (SIGKILL) in the middle of writes: many member creations at once (each one transaction:
 * the member, its org unit membership, its e-learning tasks, its audit entry), the process killed while they run.
 * After a restart on the same data (embedded data folder, or the same PostgreSQL schema when DATABASE_URL is set):
 * the database opens, every creation that was answered 200 is there, none is there in part (the counts that must
 * agree do agree), and the session made before the kill still works.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/core/db/database';
import { memberCreateBody } from './memberBody';
import { HttpClient, ownDatabase, type ServerProcess, startServerProcess, withSchema } from './serverProcess';

const database = ownDatabase('faults_kill');
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database.cleanUp();
});

function newMember(index: number) {
  return memberCreateBody({
    firstName: 'Abgebrochen',
    lastName: `Nummer ${index}`,
    email: `kill.${index}@example.com`,
    username: `kill.${index}`,
  });
}

interface Consistency {
  members: number;
  audited: number;
  withoutUnit: number;
  taskCounts: number[];
  uuids: string[];
}

/** What must agree, read straight from the database (the server stopped for PGlite, which one process owns). */
const CHECKS = {
  members: "SELECT count(*)::int AS n FROM member WHERE username LIKE 'kill.%'",
  audited: `SELECT count(*)::int AS n FROM audit_entry a JOIN member m ON m.uuid = a.entity_uuid
             WHERE a.action = 'member.create' AND m.username LIKE 'kill.%'`,
  orphanAudits: `SELECT count(*)::int AS n FROM audit_entry a
                  WHERE a.action = 'member.create' AND NOT EXISTS (SELECT 1 FROM member m WHERE m.uuid = a.entity_uuid)`,
  withoutUnit: `SELECT count(*)::int AS n FROM member m WHERE m.username LIKE 'kill.%'
                 AND NOT EXISTS (SELECT 1 FROM org_unit_membership om WHERE om.member_uuid = m.uuid)`,
  taskCounts: `SELECT DISTINCT (SELECT count(*) FROM elearning_task t WHERE t.member_uuid = m.uuid)::int AS n
                 FROM member m WHERE m.username LIKE 'kill.%'`,
  uuids: "SELECT uuid::text AS n FROM member WHERE username LIKE 'kill.%'",
};

async function readConsistency(query: (sql: string) => Promise<Array<{ n: unknown }>>): Promise<Consistency> {
  const one = async (sql: string) => Number((await query(sql))[0]?.n ?? -1);
  const orphans = await one(CHECKS.orphanAudits);
  expect(orphans, 'audit entries of members that do not exist').toBe(0);
  return {
    members: await one(CHECKS.members),
    audited: await one(CHECKS.audited),
    withoutUnit: await one(CHECKS.withoutUnit),
    taskCounts: (await query(CHECKS.taskCounts)).map((row) => Number(row.n)),
    uuids: (await query(CHECKS.uuids)).map((row) => String(row.n)),
  };
}

async function consistency(running: ServerProcess): Promise<Consistency> {
  const url = database.env.DATABASE_URL;
  const schema = database.env.DATABASE_SCHEMA;
  if (url && schema) {
    return withSchema(url, schema, (client) =>
      readConsistency(async (sql) => (await client.query<{ n: unknown }>(sql)).rows),
    );
  }
  // Embedded: the folder belongs to the running server; stop it (gracefully) and open the folder here.
  await running.stop('SIGTERM');
  const db = await openPglite(database.env.DATA_DIR);
  try {
    return await readConsistency((sql) => db.query<{ n: unknown }>(sql));
  } finally {
    await db.close();
  }
}

describe('a server killed in the middle of writes', () => {
  it('restarts with every answered write there and none half-written', { timeout: 240_000 }, async () => {
    const env = { ...database.env, REMINDER_INTERVAL_MINUTES: '0' };
    server = await startServerProcess(env);
    const client = await HttpClient.signIn(server.base);
    const answered: string[] = [];
    let next = 0;
    let killed = false;
    // Eight writers at once, each creating members one after the other until the process is gone.
    const writer = async () => {
      while (!killed) {
        const index = next++;
        try {
          const response = await client.post('/api/member/createmember', newMember(index), 30_000);
          if (response.status === 200) answered.push(((await response.json()) as { uuid: string }).uuid);
          else if (!killed) throw new Error(`create answered ${response.status} ${await response.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    // Kill once a good number have landed, with the others under way.
    let failed: unknown = null;
    const watched = writers.map((done) => done.catch((error: unknown) => (failed ??= error)));
    while (answered.length < 40 && !failed) await new Promise((resolve) => setTimeout(resolve, 20));
    if (failed) throw failed;
    const running = server;
    killed = true;
    await running.stop('SIGKILL');
    await Promise.all(watched);
    const answeredBeforeKill = [...answered];
    expect(next - answeredBeforeKill.length, 'creations still under way when killed').toBeGreaterThan(0);

    // The database opens again and the session made before the kill still works.
    server = await startServerProcess(env);
    const state = await fetch(`${server.base}/api/member/state`, { headers: { cookie: client.cookieHeader } });
    expect(state.status).toBe(200);
    client.base = server.base;
    const list = await client.json<{ total: number }>('/api/memberlist/getlist', { filter: { search: 'kill.' } });

    const found = await consistency(server);
    expect(found.uuids).toEqual(expect.arrayContaining(answeredBeforeKill));
    expect(found.members).toBe(list.total);
    expect(found.audited).toBe(found.members);
    expect(found.withoutUnit).toBe(0);
    // Every member created got all of his tasks or the member is not there: one task count for all of them.
    expect(found.taskCounts).toHaveLength(1);
    expect(found.taskCounts[0]).toBeGreaterThan(0);
  });
});
