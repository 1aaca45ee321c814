/**
 * The operator's side of "which release whom" (docs/releases.md); the licensee console sets the same choices for a
 * licensee and its clients.
 *
 *   npm run release:use -- --area mf-start --list
 *   npm run release:use -- --area mf-start --release 1.4.0-3f9a1c2b7d                 the default for everybody
 *   npm run release:use -- --area mf-start --release 1.3.0-0c1d2e3f4a --client acme   one client (company ID)
 *   npm run release:use -- --area mf-start --release 1.3.0-0c1d2e3f4a --licensee dashboard
 *   npm run release:use -- --area mf-start --release bundled                           the deployment's own build
 *   npm run release:use -- --area mf-start --release none --client acme               the client's choice removed
 *
 * Takes effect at the next page load, on every instance, without a restart. A release that does not fit this server
 * and shell is refused (--force chooses it anyway: the browsers then show the area's error panel with the reasons).
 * With the embedded database a running server holds it alone: the command hands it the choice (a request file and a
 * signal, as `npm run backup` does).
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AREAS } from '@dash/shared-core';
import { loadConfig } from '../server/src/config';
import { BACKUP_SIGNAL, runningServerPid } from '../server/src/core/db/backup';
import { openDatabase } from '../server/src/core/db/database';
import { migrate } from '../server/src/core/db/migrate';
import {
  applyOperatorChoice,
  type OperatorChoice,
  releaseChoiceRequestFile,
} from '../server/src/core/releases/operatorChoice';
import { problemsOfRelease } from '../server/src/core/releases/platform';
import { readReleases } from '../server/src/core/releases/store';

const WAIT_MS = 30_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    area: { type: 'string' },
    release: { type: 'string' },
    client: { type: 'string' },
    licensee: { type: 'string' },
    force: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});
const area = AREAS.find((candidate) => candidate.name === values.area);
if (!area || (!values.list && !values.release)) {
  fail(
    'Usage: npm run release:use -- --area <area> (--list | --release <id>|bundled|none [--client <company ID> | --licensee <identifier>] [--force])',
  );
}
const config = loadConfig();
if (values.list) {
  const releases = readReleases(config.releaseStoreDir, area.name);
  for (const release of releases) {
    const problems = problemsOfRelease(release, config.staticRoot);
    console.log(
      `${release.id}  ${release.publishedAt}${problems.length ? `  does not fit: ${problems.join('; ')}` : ''}`,
    );
  }
  if (releases.length === 0) console.log(`no release of ${area.name} in ${config.releaseStoreDir}`);
  process.exit(0);
}
const choice: OperatorChoice = {
  area: area.name,
  release: values.release ?? '',
  client: values.client,
  licensee: values.licensee,
  force: values.force,
};

/** The embedded database while its server runs: the server applies the choice and answers in a file. */
async function throughRunningServer(pid: number): Promise<{ ok: boolean; message: string }> {
  const request = releaseChoiceRequestFile(config.dataDir);
  const answerFile = `${request}.answer`;
  rmSync(answerFile, { force: true });
  let handle: number;
  try {
    handle = openSync(request, 'wx');
  } catch {
    fail(`Another choice is under way (${request} exists; remove it if none runs).`);
  }
  writeSync(handle, JSON.stringify(choice));
  closeSync(handle);
  try {
    process.kill(pid, BACKUP_SIGNAL);
    const started = Date.now();
    while (!existsSync(answerFile)) {
      if (Date.now() - started > WAIT_MS) fail(`The server (pid ${pid}) did not answer within ${WAIT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return JSON.parse(readFileSync(answerFile, 'utf8')) as { ok: boolean; message: string };
  } finally {
    rmSync(answerFile, { force: true });
    rmSync(request, { force: true });
  }
}

async function directly(): Promise<{ ok: boolean; message: string }> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  try {
    await migrate(db);
    return { ok: true, message: await applyOperatorChoice(db, config, choice) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  } finally {
    await db.close();
  }
}

const pid = config.databaseUrl ? null : runningServerPid(config.dataDir);
const answer = pid ? await throughRunningServer(pid) : await directly();
if (!answer.ok) fail(answer.message);
console.log(answer.message);
