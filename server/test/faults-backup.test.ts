/**
 * Backup and restore.
 * - Embedded PGlite: `npm run backup -- <dir>` while the real server writes (member creations, each one
 *   transaction); a server started on the copy reads the data, and the copy is consistent (every member with its
 *   audit entry) and holds what was answered before the backup began.
 * - PostgreSQL: pg_dump of a schema, pg_restore into a database of its own, the same rows in every table; skipped
 *   without PostgreSQL or without pg_dump/pg_restore (Debian: postgresql-client).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openPglite } from '../src/core/db/database';
import { migrate } from '../src/core/db/migrate';
import { seedDemoData } from '../src/seed/demo';
import { memberCreateBody } from './memberBody';
import {
  answeringPostgres,
  dropSchema,
  HttpClient,
  ROOT,
  type ServerProcess,
  schemaName,
  startServerProcess,
} from './serverProcess';

const run = promisify(execFile);
const cleanUps: Array<() => Promise<void> | void> = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanUps.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function newMember(index: number) {
  return memberCreateBody({
    firstName: 'Gesichert',
    lastName: `Nummer ${index}`,
    email: null,
    username: `backup.${index}`,
    createRiskAssessmentTasks: false,
  });
}

/** `npm run backup -- <target>` as an operator runs it (without npm's noise). */
function backup(dataDir: string, target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('a backup of the embedded data folder', () => {
  it('is taken while the server writes and restores into a working server', { timeout: 240_000 }, async () => {
    const dataDir = tempDir('faults-backup-data-');
    const target = path.join(tempDir('faults-backup-copy-'), 'copy');
    const server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir, REMINDER_INTERVAL_MINUTES: '0' });
    servers.push(server);
    const client = await HttpClient.signIn(server.base);

    // Writers create members one after the other until told to stop; the backup runs in the middle.
    let answered = 0;
    let next = 0;
    let stop = false;
    let failed: unknown = null;
    const writer = async () => {
      while (!stop && !failed) {
        const response = await client.post('/api/member/createmember', newMember(next++));
        if (response.status !== 200) failed = new Error(`create answered ${response.status} ${await response.text()}`);
        else answered++;
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (answered < 10 && !failed) await new Promise((resolve) => setTimeout(resolve, 20));
    const answeredBefore = answered;
    const result = await backup(dataDir, target);
    const answeredAfter = answered;
    stop = true;
    await Promise.all(writers);
    if (failed) throw failed;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('taken by the running server');
    expect(answeredAfter, 'writes went on while the backup ran').toBeGreaterThan(answeredBefore);
    await server.stop('SIGTERM');

    // A server on the copy: sign-in works and the members are there.
    const restored = await startServerProcess({ DATABASE_URL: '', DATA_DIR: target, REMINDER_INTERVAL_MINUTES: '0' });
    servers.push(restored);
    const reader = await HttpClient.signIn(restored.base);
    const list = await reader.json<{ total: number }>('/api/memberlist/getlist', { filter: { search: 'backup.' } });
    expect(list.total).toBeGreaterThanOrEqual(answeredBefore);
    expect(list.total).toBeLessThanOrEqual(next);
    await restored.stop('SIGTERM');

    // Consistent: each member in the copy came with his audit entry and his unit (one transaction each).
    const db = await openPglite(target);
    try {
      const [row] = await db.query<{ members: number; audited: number; without_unit: number }>(
        `SELECT (SELECT count(*) FROM member WHERE username LIKE 'backup.%')::int AS members,
                (SELECT count(*) FROM audit_entry a JOIN member m ON m.uuid = a.entity_uuid
                  WHERE a.action = 'member.create' AND m.username LIKE 'backup.%')::int AS audited,
                (SELECT count(*) FROM member m WHERE m.username LIKE 'backup.%' AND NOT EXISTS
                  (SELECT 1 FROM org_unit_membership om WHERE om.member_uuid = m.uuid))::int AS without_unit`,
      );
      expect(row).toEqual({ members: list.total, audited: list.total, without_unit: 0 });
    } finally {
      await db.close();
    }
  });

  it('refuses a target folder that is not empty', { timeout: 60_000 }, async () => {
    const full = tempDir('faults-backup-full-');
    writeFileSync(path.join(full, 'keep.txt'), 'something\n');
    const result = await backup(tempDir('faults-backup-none-'), full);
    expect(result.code).toBe(1);
    expect(result.output).toContain('is not empty');
  });
});

const url = await answeringPostgres();
const hasPgTools = await run('pg_restore', ['--version']).then(
  () => true,
  () => false,
);

describe.skipIf(!url || !hasPgTools)('a PostgreSQL backup with pg_dump and pg_restore', () => {
  it('restores every row of the schema into another database', { timeout: 120_000 }, async () => {
    const source = url ?? '';
    const schema = schemaName('faults_dump');
    const restoredDb = schemaName('faults_restore');
    cleanUps.push(() => dropSchema(source, schema));
    const db = await openDatabase({ databaseUrl: source, schema });
    try {
      await migrate(db);
      await seedDemoData(db);
    } finally {
      await db.close();
    }
    const admin = new pg.Client({ connectionString: source });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${restoredDb}"`);
    cleanUps.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${restoredDb}" WITH (FORCE)`);
      await admin.end();
    });
    const dumpFile = path.join(tempDir('faults-dump-'), 'dump.pgc');
    const target = new URL(source);
    target.pathname = `/${restoredDb}`;
    // The documented commands (docs/faults-and-backup.md): custom format of one schema, restored as it is.
    await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dumpFile}`, source]);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target}`, dumpFile]);

    const counts = async (connectionString: string) => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        const tables = await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'
            ORDER BY table_name`,
          [schema],
        );
        const result: Record<string, number> = {};
        for (const { table_name } of tables.rows) {
          const [row] = (
            await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${table_name}"`)
          ).rows;
          result[table_name] = row?.n ?? -1;
        }
        return result;
      } finally {
        await client.end();
      }
    };
    const before = await counts(source);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before.member_row).toBeGreaterThan(40);
    expect(await counts(target.toString())).toEqual(before);
  });
});
