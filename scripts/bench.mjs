// `npm run bench`: what a first visit downloads and how fast the API answers under load.
//   - builds what is not built, seeds a fresh PGlite database (demo data + a client with 10,000 members),
//     starts the server on a free port (8190 if free) and measures
//   - in Chromium: gzip bytes of JS and CSS until the sign-in page and the start page (signed in) are usable;
//   - with autocannon (20 connections, 10 s each): a no-op baseline, the member state and the member list;
//   - again on PostgreSQL in a throw-away schema, when DATABASE_URL is set or with --pg / BENCH_PG=1
//     (a server on 127.0.0.1:5432); BENCH_PG=0 or --no-pg skips it.
// Writes bench-results/bench-<time>.json and bench-results/latest.json. Exit 0 whether targets pass or not;
// exit 1 when something broke (server did not start, a non-2xx answer).
// Env: BENCH_DURATION (seconds per scenario, default 10), BENCH_MEMBERS (default 10000), CHROMIUM_PATH.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runApiScenarios } from './bench/api.mjs';
import { measureFrontEnd } from './bench/browser.mjs';
import { createBenchSchema, findPostgres, redact } from './bench/postgres.mjs';
import { apiTable, evaluateTargets, frontEndTable, targetLines } from './bench/report.mjs';
import { freePort, root, seedDatabase, startServer, stopAllProcesses } from './bench/server.mjs';
import { build } from './build.mjs';

const args = process.argv.slice(2);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONNECTIONS = 20;
const PREFERRED_PORT = 8190;
const BENCH_CLIENT = 'bench10k';
const PASSWORD = 'Safety#2026';
const DEMO_ACCOUNT = { company: 'acme', username: 'admin', password: PASSWORD };
const BENCH_ACCOUNT = { company: BENCH_CLIENT, username: 'admin', password: PASSWORD };

const started = Date.now();
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);

/** Undone in reverse order at the end, also after an error or a signal; every started process is stopped first. */
const cleanups = [];
let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    await stopAllProcesses();
    while (cleanups.length > 0) {
      const step = cleanups.pop();
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.name}) failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
/** Cleans up once, then exits: the first of a signal, an error or the normal end decides the exit code. */
let exiting = null;
function finish(code) {
  exiting ??= cleanUp().then(() => process.exit(code));
  return exiting;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!exiting) console.error(`\n${signal}: stopping`);
    finish(130);
  });
}

function postgresRequested() {
  if (process.env.BENCH_PG === '0' || args.includes('--no-pg')) return false;
  return Boolean(process.env.DATABASE_URL) || process.env.BENCH_PG === '1' || args.includes('--pg');
}

/** Seeds, starts the server, runs `work(baseUrl)`, stops the server. */
async function withServer({ label, databaseUrl, dataDir, port }, work) {
  log(`${label}: seeding ${MEMBERS} members …`);
  log(`${label}: ${await seedDatabase({ databaseUrl, dataDir, client: BENCH_CLIENT, members: MEMBERS })}`);
  // After an error or a signal, cleanUp() stops the server (stopAllProcesses) before it removes DATA_DIR.
  const server = await startServer({ databaseUrl, dataDir, port });
  log(`${label}: server answers on ${server.baseUrl}`);
  try {
    return await work(server.baseUrl);
  } catch (error) {
    const exited = server.exited();
    if (exited) {
      error.message += `\n${label} server exited during the run (code ${exited.code}, signal ${exited.signal}):\n${server.output()}`;
    }
    throw error;
  } finally {
    await server.stop();
  }
}

function apiOptions() {
  return {
    account: BENCH_ACCOUNT,
    expectedMembers: MEMBERS + 1,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    log,
  };
}

async function main() {
  const report = {
    startedAt: new Date(started).toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      // Other work on the machine skews every number; the baseline row and this show how much.
      loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      members: MEMBERS,
      benchClient: BENCH_CLIENT,
      baseline: 'GET /api/csrf: sets the XSRF cookie, no session and no database work',
      bytes:
        'encodedDataLength of Network.loadingFinished with Accept-Encoding gzip (on the wire: gzip body + headers; ' +
        '*BodyBytes without headers), 1 KB = 1000 B',
    },
    frontEnd: null,
    api: {},
    targets: [],
  };

  for (const [name, value] of [
    ['BENCH_DURATION', DURATION_SECONDS],
    ['BENCH_MEMBERS', MEMBERS],
  ]) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  }
  log('building what is not built …');
  await build({ ifNeeded: true });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dash-bench-'));
  cleanups.push({
    name: 'remove DATA_DIR',
    run: async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }),
  });
  const port = await freePort(PREFERRED_PORT);

  await withServer({ label: 'PGlite', dataDir, port }, async (baseUrl) => {
    log('Chromium: sign-in page and start page …');
    report.frontEnd = await measureFrontEnd(baseUrl, DEMO_ACCOUNT);
    log('API load on PGlite:');
    report.api.pglite = await runApiScenarios(baseUrl, apiOptions());
  });

  if (postgresRequested()) {
    const postgres = await findPostgres();
    if (!postgres) {
      report.api.postgres = { skipped: 'no PostgreSQL server answers on 127.0.0.1:5432' };
      log('PostgreSQL: skipped, no server answers on 127.0.0.1:5432');
    } else {
      const schema = await createBenchSchema(postgres.url);
      const step = { name: `drop schema ${schema.schema}`, run: schema.drop };
      cleanups.push(step);
      log(`PostgreSQL ${postgres.version}: schema ${schema.schema} on ${redact(postgres.url)}`);
      await withServer({ label: 'PostgreSQL', databaseUrl: schema.url, dataDir, port }, async (baseUrl) => {
        log('API load on PostgreSQL:');
        report.api.postgres = {
          server: `PostgreSQL ${postgres.version}`,
          database: redact(postgres.url),
          schema: schema.schema,
          ...(await runApiScenarios(baseUrl, apiOptions())),
        };
      });
      cleanups.splice(cleanups.indexOf(step), 1);
      await schema.drop();
    }
  } else {
    report.api.postgres = { skipped: 'not requested (set DATABASE_URL, or pass --pg / BENCH_PG=1)' };
  }

  report.targets = evaluateTargets(report);
  report.finishedAt = new Date().toISOString();
  report.seconds = Math.round((Date.now() - started) / 100) / 10;

  const resultsDir = path.join(root, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(resultsDir, 'latest.json'), json);

  report.machine.loadAverageAtEnd = os.loadavg().map((value) => Math.round(value * 100) / 100);
  const sections = [
    '',
    `${report.machine.cpus} CPUs, load average ${report.machine.loadAverageAtStart[0]} at start, ` +
      `${report.machine.loadAverageAtEnd[0]} at end (other work on the machine skews the numbers)`,
    '',
    'Front end, first visit with the cache off (bytes on the wire, gzip; counted until the page is usable;',
    '"settled" = once the network is quiet)',
    frontEndTable(report.frontEnd),
  ];
  for (const [database, api] of Object.entries(report.api)) {
    sections.push('');
    if (api.skipped) {
      sections.push(`API on ${database}: skipped (${api.skipped})`);
      continue;
    }
    sections.push(
      `API on ${database === 'pglite' ? 'PGlite (embedded)' : api.server} — ${CONNECTIONS} connections, ` +
        `${DURATION_SECONDS} s each, client ${BENCH_CLIENT} with ${api.members} members; baseline: GET /api/csrf`,
    );
    sections.push(apiTable(api));
  }
  sections.push(
    '',
    'Targets',
    targetLines(report.targets),
    '',
    `Report: ${path.relative(root, file)} (${report.seconds} s)`,
  );
  console.log(sections.join('\n'));
}

try {
  await main();
  await finish(0);
} catch (error) {
  if (!exiting) console.error(`\nbench failed: ${error.stack ?? error.message}`);
  await finish(1);
}
