/**
 * A consistent copy of the embedded data folder while the server runs (`npm run backup -- <target-dir>`).
 *
 * The running server holds PGlite's files (one process owns them; copying them from outside can catch a page half
 * written), so the copy has to come from the server itself. We ask it with a signal rather than an HTTP call: a signal
 * can only come from the same machine and the same user (or root), needs no port, no token and no route that the
 * authorisation matrix and the security headers would have to cover, and the command finds the server through a pid
 * file in the data folder. The exchange:
 *   1. the command writes `backup.request` in the data folder (created exclusively: one backup at a time), holding
 *      the absolute path of the file the server should write, and sends SIGUSR2 to the pid in `server.pid`;
 *   2. the server takes the copy (PGlite's dumpDataDir between two transactions, after a checkpoint), writes it to
 *      `<file>.partial`, renames it to `<file>` (so the command never reads half a file) and removes the request;
 *   3. the command turns the copy into a data folder (restorePglite).
 * When no server runs on the folder, the command opens it itself and takes the same copy.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

export const BACKUP_SIGNAL = 'SIGUSR2';

export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

export function backupRequestFile(dataDir: string): string {
  return path.join(dataDir, 'backup.request');
}

/**
 * Server side of one kind of operator request (a backup here, the choice of a release in core/releases): leaves its
 * pid in the data folder and, at each signal, runs `handle` when the command has written `requestFile`, one request at
 * a time, the file removed afterwards. Several kinds share the one signal: each answers only its own file. Answers a
 * function that stops listening.
 */
export function answerOperatorRequests(
  dataDir: string,
  requestFile: string,
  handle: (requestFile: string) => Promise<void>,
  onError: (error: Error) => void,
): () => void {
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  let running = false;
  const onSignal = () => {
    if (running || !existsSync(requestFile)) return;
    running = true;
    handle(requestFile)
      .catch(onError)
      .finally(() => {
        rmSync(requestFile, { force: true });
        running = false;
      });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    rmSync(pidFile(dataDir), { force: true });
  };
}

/** Server side: answers backup requests (answerOperatorRequests); answers a function that undoes it. */
export function answerBackupRequests(
  db: Database,
  dataDir: string,
  log: { info(message: string): void; error(message: string): void },
): () => void {
  const snapshot = db.snapshot?.bind(db);
  if (!snapshot) return () => undefined;
  return answerOperatorRequests(
    dataDir,
    backupRequestFile(dataDir),
    async (request) => {
      const target = readFileSync(request, 'utf8').trim();
      if (!path.isAbsolute(target)) throw new Error('backup request without an absolute path');
      const copy = Buffer.from(await (await snapshot()).arrayBuffer());
      writeFileSync(`${target}.partial`, copy);
      renameSync(`${target}.partial`, target);
      log.info(`backup written to ${target} (${copy.length} bytes)`);
    },
    (error) => log.error(`backup failed: ${error.message}`),
  );
}

/**
 * The pid of the server that runs on `dataDir`, or null. A pid file left by a killed server may name a process that
 * reuses the number: where /proc tells, only a node process running the server counts (a signal to anything else
 * could end it).
 */
export function runningServerPid(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  // The compiled server (`npm start`: server/dist/main.js) as well as the sources (tsx server/src/main.ts).
  if (existsSync(cmdline) && !/main\.[jt]s/.test(readFileSync(cmdline, 'utf8'))) return null;
  return pid;
}
