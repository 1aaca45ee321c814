/**
 * A consistent copy of the embedded data folder, also while the server runs:
 *
 *   npm run backup -- <target-dir>          (DATA_DIR as for the server; default ./.data)
 *
 * <target-dir> becomes a data folder of its own: start a server on it with DATA_DIR=<target-dir> to restore.
 * With DATABASE_URL set the data lives in PostgreSQL: use pg_dump / pg_restore (docs/faults-and-backup.md).
 * How the running server is asked for the copy, and why a signal: server/src/core/db/backup.ts.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { BACKUP_SIGNAL, backupRequestFile, runningServerPid } from '../server/src/core/db/backup';
import { openPglite, restorePglite } from '../server/src/core/db/database';

const WAIT_MS = 120_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target) fail('Usage: npm run backup -- <target-dir>');
const config = loadConfig();
if (config.databaseUrl) {
  fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/faults-and-backup.md).');
}
const targetDir = path.resolve(target);
if (existsSync(targetDir) && readdirSync(targetDir).length > 0) fail(`${targetDir} is not empty.`);
if (!existsSync(path.join(config.dataDir, 'pgdata'))) fail(`No embedded database in ${config.dataDir}.`);

async function fromRunningServer(pid: number): Promise<Blob> {
  const copyFile = path.join(config.dataDir, `backup-${Date.now()}.tar.gz`);
  const request = backupRequestFile(config.dataDir);
  let handle: number;
  try {
    handle = openSync(request, 'wx');
  } catch {
    fail(`Another backup is under way (${request} exists; remove it if no backup runs).`);
  }
  writeSync(handle, `${copyFile}\n`);
  closeSync(handle);
  try {
    process.kill(pid, BACKUP_SIGNAL);
    const started = Date.now();
    while (!existsSync(copyFile)) {
      if (!existsSync(request) && !existsSync(copyFile)) fail('The server could not write the copy: see its log.');
      if (Date.now() - started > WAIT_MS) fail(`The server (pid ${pid}) did not answer within ${WAIT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return new Blob([readFileSync(copyFile)]);
  } finally {
    rmSync(copyFile, { force: true });
    rmSync(request, { force: true });
  }
}

async function fromFolder(): Promise<Blob> {
  const db = await openPglite(config.dataDir);
  try {
    const snapshot = db.snapshot?.bind(db);
    if (!snapshot) fail('This database cannot take a copy of itself.');
    return await snapshot();
  } finally {
    await db.close();
  }
}

const pid = runningServerPid(config.dataDir);
const copy = pid ? await fromRunningServer(pid) : await fromFolder();
await restorePglite(targetDir, copy);
console.log(
  `Backup of ${config.dataDir}${pid ? ` (taken by the running server, pid ${pid})` : ''} in ${targetDir}.\n` +
    `Restore: start a server with DATA_DIR=${targetDir}, or move it where DATA_DIR points.`,
);
