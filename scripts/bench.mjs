// `npm run bench`: what a first visit downloads and how fast the API answers under load.
//   - builds what is not built, seeds a fresh PGlite database (demo data + a client with 10,000 members),
//     starts the server on a free port (8190 if free) and measures
//   - in Chromium: gzip bytes of JS and CSS until the sign-in page and the start page (signed in) are usable;
//   - with autocannon (20 connections, 10 s each): a no-op baseline, the member state and the member list;
//   - again on PostgreSQL in a throw-away schema, when DATABASE_URL is set or with --pg / BENCH_PG=1
//     (a server on 127.0.0.1:5432); BENCH_PG=0 or --no-pg skips it.
// Writes bench-results/bench-<time>.json and bench-results/latest.json. Exit 0 whether targets pass or not;
// exit 1 when something broke (server did not start, a non-2xx answer).
//   - the member import: a generated cp1252 `;` file of 10,000 and of 100,000 rows from upload to landed, with
//     other users' member state timed meanwhile (BENCH_IMPORT=0 or --no-import skips it; --import-only runs only it).
//   - SCIM provisioning: 10,000 new users pushed over SCIM 2.0 into the demo company, a few requests at a time
//     (scripts/bench/scim.mjs; BENCH_SCIM=0 or --no-scim skips it; --scim-only runs only it).
//   - search at scale, only with --scale / BENCH_SCALE=1 (about 3 minutes of seeding): 1,000,000 members in
//     1,000 clients in a throw-away schema on PostgreSQL, varied searches, member state and every other list
//     (scripts/bench/scale.mjs); --scale-only runs only it. BENCH_SCALE_SCHEMA=<schema> reuses a schema seeded before
//     (kept afterwards) instead of seeding a new one.
//   - the licensee console at scale, only with --licensee / BENCH_LICENSEE=1 (--licensee-only runs only it): 1,000
//     clients with 1,000,000 members (usage list, goal p95 <= 200 ms) and 5,000 clients (client list, goal p95
//     <= 50 ms), seeded set-based (server/src/seed/licenseeScale.ts), on PGlite and, when one answers, on PostgreSQL
//     in a throw-away schema (scripts/bench/licensee.mjs); BENCH_LICENSEE_PG=0 skips PostgreSQL, BENCH_LICENSEE_PGLITE=0
//     PGlite; BENCH_LICENSEE_SCENARIOS=clientList5000,usageList,clientListUsage runs only the named ones.
//   - Lighthouse 12 (mobile profile, simulated throttling) on the sign-in page and a member's start page as a first
//     visit (empty HTTP cache before each run), median of BENCH_LIGHTHOUSE_RUNS (default 5) runs each, and the repeat
//     visit beside it (BENCH_LIGHTHOUSE_REPEAT_RUNS, default 3); BENCH_LIGHTHOUSE=0 or --no-lighthouse skips it.
//   - on PostgreSQL: 1,000 signed-in sessions at a person's pace (one call a second each, a mix of every area) for
//     BENCH_CROWD_SECONDS (default 300), then the same mix flat out (scripts/bench/crowd.mjs); BENCH_CROWD=0
//     or --no-crowd skips it.
//   - the price of federation: the same two pages from a non-federated build of the shell (shell/dist-static, every
//     area imported statically) on a second server; federated/non-federated JS bytes. BENCH_FEDERATION_COST=0 or
//     --no-federation-cost skips it.
//   - risk finish-analysis: the seed writes BENCH_FINISH_EVALUATIONS (default 10) surveys of 2,000 completed analyses
//     x 60 questions; each is finished once (distinct inputs, one call after the other) and the p95 of those calls is
//     printed beside its goal. --risk-only runs only the risk-assessment scenarios (server build only, no start-up,
//     browser, other API, import or crowd scenarios), on PGlite and, with --pg / BENCH_PG=1, on PostgreSQL.
//   - evidence photos (issue 32): a 4 MB phone photo chosen for an answer of an inspection, in Chromium from the file
//     input to the thumbnail shown, BENCH_EVIDENCE_RUNS (default 5) first visits with different photos
//     (scripts/bench/evidence.mjs); --evidence-only runs only it (PGlite, and PostgreSQL with --pg / BENCH_PG=1).
//   - the instruction list (issue 32): 1,500 instructions of the 10,000-member client, 400 distinct requests one at a
//     time, p95 beside its goal <= 50 ms (scripts/bench/instructions.mjs); --instructions-only runs only it (server
//     build only), on PGlite and, with --pg / BENCH_PG=1, on PostgreSQL.
// Env: BENCH_DURATION (seconds per scenario, default 10), BENCH_MEMBERS (default 10000), CHROMIUM_PATH,
// BENCH_LOG_LEVEL (the server's LOG_LEVEL, default warn), BENCH_PORT (the servers' preferred port, default 8190).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runApiScenarios } from './bench/api.mjs';
import { measureFrontEnd, measureWithoutFederation } from './bench/browser.mjs';
import { runCompanyScenarios } from './bench/company.mjs';
import { crowdTargets, runCrowdScenario } from './bench/crowd.mjs';
import { elearningTargetLines, runElearningScenarios } from './bench/elearnings.mjs';
import { evidenceTargets, runEvidenceScenario } from './bench/evidence.mjs';
import { importTable, importTargets, runImportScenarios } from './bench/import.mjs';
import { instructionTargets, runInstructionScenarios } from './bench/instructions.mjs';
import { LICENSEE_SCALE, licenseeTargets, runLicenseeScenarios } from './bench/licensee.mjs';
import { lighthouseTable, lighthouseTargets, measureLighthouse } from './bench/lighthouse.mjs';
import { measureDoingTheWork, playerTargets, runPlayerCommitScenario } from './bench/player.mjs';
import { createBenchSchema, findPostgres, redact, withSearchPath } from './bench/postgres.mjs';
import {
  apiTable,
  evaluateTargets,
  federationTargets,
  frontEndTable,
  scaleTable,
  targetLines,
  timedTable,
} from './bench/report.mjs';
import { FINISH_EVALUATIONS, riskTargets, runRiskAssessmentScenarios } from './bench/riskAssessments.mjs';
import { runScaleScenarios, SCALE } from './bench/scale.mjs';
import { runScimScenario, scimTargets } from './bench/scim.mjs';
import { freePort, measureStartup, root, seedDatabase, startServer, stopAllProcesses } from './bench/server.mjs';
import { runReminderScenario, runStartScenarios, startTargets } from './bench/start.mjs';
import { buildWithoutFederation } from './bench/withoutFederation.mjs';
import { build } from './build.mjs';

const args = process.argv.slice(2);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CONNECTIONS = 20;
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 8190);
const BENCH_CLIENT = 'bench10k';
const PASSWORD = 'Safety#2026';
const DEMO_ACCOUNT = { company: 'acme', username: 'admin', password: PASSWORD };
const DEMO_MEMBER = { company: 'acme', username: 'member', password: PASSWORD };
const BENCH_ACCOUNT = { company: BENCH_CLIENT, username: 'admin', password: PASSWORD };
/** SCIM tokens are the super-admin's (company configuration). */
const DEMO_SUPER_ADMIN = { company: 'acme', username: 'super.admin', password: PASSWORD };

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

const importOnly = args.includes('--import-only') || args.includes('--scim-only');
const scimOnly = args.includes('--scim-only');
const scimRequested = () => scimOnly || !(process.env.BENCH_SCIM === '0' || args.includes('--no-scim'));
const riskOnly = args.includes('--risk-only');
const instructionsOnly = args.includes('--instructions-only');
const evidenceOnly = args.includes('--evidence-only');
const licenseeOnly = args.includes('--licensee-only');
const licenseeRequested = () => licenseeOnly || process.env.BENCH_LICENSEE === '1' || args.includes('--licensee');
const scaleOnly = args.includes('--scale-only') || licenseeOnly;
const scaleRequested = () => scaleOnly || process.env.BENCH_SCALE === '1' || args.includes('--scale');
const importRequested = () => importOnly || !(process.env.BENCH_IMPORT === '0' || args.includes('--no-import'));

const federationCostRequested = () =>
  !(process.env.BENCH_FEDERATION_COST === '0' || args.includes('--no-federation-cost'));
const crowdRequested = () => !(process.env.BENCH_CROWD === '0' || args.includes('--no-crowd'));
const CROWD_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 300);
const lighthouseRequested = () => !(process.env.BENCH_LIGHTHOUSE === '0' || args.includes('--no-lighthouse'));

function postgresRequested() {
  if (process.env.BENCH_PG === '0' || args.includes('--no-pg')) return false;
  return Boolean(process.env.DATABASE_URL) || process.env.BENCH_PG === '1' || args.includes('--pg');
}

/** Seeds, starts the server, runs `work(baseUrl)`, stops the server. */
async function withServer({ label, databaseUrl, dataDir, port, seedArgs: extraSeedArgs, skipSeed, serverEnv }, work) {
  // The bench client's surveys to finish (riskAssessments.mjs); the scale seed keeps its one.
  const seedArgs = extraSeedArgs ?? ['--risk-evaluations', String(FINISH_EVALUATIONS)];
  if (!skipSeed) {
    log(`${label}: seeding ${MEMBERS} members${seedArgs ? ` (${seedArgs.join(' ')})` : ''} …`);
    log(
      `${label}: ${await seedDatabase({ databaseUrl, dataDir, client: BENCH_CLIENT, members: MEMBERS, extraArgs: seedArgs })}`,
    );
  }
  // After an error or a signal, cleanUp() stops the server (stopAllProcesses) before it removes DATA_DIR.
  const server = await startServer({ databaseUrl, dataDir, port, env: serverEnv });
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

/** The evidence photo: the demo member photographs on inspections the demo admin assigns him. */
function evidenceOptions() {
  return { adminAccount: DEMO_ACCOUNT, memberAccount: DEMO_MEMBER, log };
}

/** The scale seed on PostgreSQL (a throw-away schema, or BENCH_SCALE_SCHEMA kept as it is). */
async function runScale(report, dataDir, port) {
  const postgres = await findPostgres();
  if (!postgres) {
    report.scale = { skipped: 'no PostgreSQL server answers on 127.0.0.1:5432' };
    log('Scale: skipped, no PostgreSQL server answers on 127.0.0.1:5432');
    return;
  }
  const reuse = process.env.BENCH_SCALE_SCHEMA;
  const schema = reuse
    ? { schema: reuse, url: withSearchPath(postgres.url, reuse), drop: async () => undefined }
    : await createBenchSchema(postgres.url);
  const step = { name: `drop schema ${schema.schema}`, run: schema.drop };
  cleanups.push(step);
  log(`Scale on PostgreSQL ${postgres.version}: schema ${schema.schema}${reuse ? ' (reused, kept)' : ''}`);
  const seedStarted = Date.now();
  const seedArgs = ['--scale-clients', String(SCALE.clients), '--scale-members', String(SCALE.members)];
  await withServer(
    // Metrics on: the search's cache hit rates come from GET /metrics (cache_lookups_total).
    {
      label: 'Scale',
      databaseUrl: schema.url,
      dataDir,
      port,
      seedArgs,
      skipSeed: Boolean(reuse),
      serverEnv: { METRICS_ENABLED: 'true' },
    },
    async (baseUrl) => {
      const seedSeconds = reuse ? null : Math.round((Date.now() - seedStarted) / 1000);
      report.scale = {
        server: `PostgreSQL ${postgres.version}`,
        schema: schema.schema,
        ...SCALE,
        seedAndStartSeconds: seedSeconds,
        ...(await runScaleScenarios(baseUrl, apiOptions())),
      };
    },
  );
  cleanups.splice(cleanups.indexOf(step), 1);
  await schema.drop();
}

/** The licensee console at scale: its own seed on PGlite (a data folder of its own) and on PostgreSQL. */
async function runLicensee(report, port) {
  report.licensee = {};
  const seedArgs = [
    '--licensee-usage-clients',
    String(LICENSEE_SCALE.usageClients),
    '--licensee-usage-members',
    String(LICENSEE_SCALE.usageMembers),
    '--licensee-list-clients',
    String(LICENSEE_SCALE.listClients),
    '--licensee-list-members',
    String(LICENSEE_SCALE.listMembersPerClient),
  ];
  const run = async (database, { databaseUrl, dataDir }) => {
    log(`Licensee console on ${database}: seeding ${seedArgs.join(' ')} …`);
    const seedStarted = Date.now();
    // Statements of a million rows (and their VACUUM) may outlast the server's default of 60 s on a busy machine.
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = '3600000';
    const seedOutput = await seedDatabase({
      databaseUrl,
      dataDir,
      client: BENCH_CLIENT,
      members: 0,
      extraArgs: seedArgs,
    }).finally(() => {
      delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
    });
    log(`Licensee console on ${database}: ${seedOutput.split('\n').pop()}`);
    const server = await startServer({ databaseUrl, dataDir, port });
    try {
      report.licensee[database] = {
        seed: seedOutput.split('\n').pop(),
        seedSeconds: Math.round((Date.now() - seedStarted) / 1000),
        ...LICENSEE_SCALE,
        ...(await runLicenseeScenarios(server.baseUrl, {
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
          log,
        })),
      };
    } finally {
      await server.stop();
    }
  };
  if (process.env.BENCH_LICENSEE_PGLITE !== '0') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dash-bench-licensee-'));
    const step = {
      name: 'remove licensee DATA_DIR',
      run: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
    cleanups.push(step);
    await run('pglite', { dataDir });
    cleanups.splice(cleanups.indexOf(step), 1);
    await step.run();
  }
  const postgres = process.env.BENCH_LICENSEE_PG === '0' ? null : await findPostgres();
  if (postgres) {
    const schema = await createBenchSchema(postgres.url);
    const step = { name: `drop schema ${schema.schema}`, run: schema.drop };
    cleanups.push(step);
    await run(`PostgreSQL ${postgres.version}`, { databaseUrl: schema.url, dataDir: os.tmpdir() });
    cleanups.splice(cleanups.indexOf(step), 1);
    await schema.drop();
  }
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
    frontEndWithoutFederation: null,
    lighthouse: null,
    api: {},
    company: {},
    riskAssessments: {},
    import: {},
    scim: {},
    instructions: {},
    evidence: {},
    start: {},
    player: {},
    targets: [],
  };

  for (const [name, value] of [
    ['BENCH_DURATION', DURATION_SECONDS],
    ['BENCH_MEMBERS', MEMBERS],
    ['BENCH_FINISH_EVALUATIONS', FINISH_EVALUATIONS],
  ]) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  }
  log('building what is not built …');
  // The scale scenarios call the API only: the compiled server is all they need.
  await build({ ifNeeded: true, serverOnly: scaleOnly || riskOnly || instructionsOnly });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dash-bench-'));
  cleanups.push({
    name: 'remove DATA_DIR',
    run: async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }),
  });
  const port = await freePort(PREFERRED_PORT);

  // `npm start` on an empty data folder answers within 5 s (compiled server, demo data seeded).
  const startupDir = mkdtempSync(path.join(os.tmpdir(), 'dash-bench-startup-'));
  cleanups.push({
    name: 'remove start-up DATA_DIR',
    run: async () => rmSync(startupDir, { recursive: true, force: true }),
  });
  if (!riskOnly && !instructionsOnly && !evidenceOnly) {
    report.startup = await measureStartup({ dataDir: startupDir, port });
    log(`start-up on an empty data folder: ${report.startup.ms} ms (${report.startup.steps ?? 'no step log'})`);
  }

  if (evidenceOnly)
    // The demo company's member on inspections of his own: no bench client needed.
    await withServer({ label: 'PGlite', dataDir, port, seedArgs: ['--risk-evaluations', '1'] }, async (baseUrl) => {
      log('Evidence photo on PGlite:');
      report.evidence.pglite = await runEvidenceScenario(baseUrl, evidenceOptions());
    });
  else if (instructionsOnly)
    // The instruction list needs none of the surveys the risk scenarios finish: the seed's minimum of one.
    await withServer({ label: 'PGlite', dataDir, port, seedArgs: ['--risk-evaluations', '1'] }, async (baseUrl) => {
      log('Instruction list on PGlite:');
      report.instructions.pglite = await runInstructionScenarios(baseUrl, { account: BENCH_ACCOUNT, log });
    });
  else if (riskOnly)
    await withServer({ label: 'PGlite', dataDir, port }, async (baseUrl) => {
      log('Risk assessments on PGlite:');
      report.riskAssessments.pglite = await runRiskAssessmentScenarios(baseUrl, apiOptions());
    });
  else if (!scaleOnly)
    await withServer({ label: 'PGlite', dataDir, port }, async (baseUrl) => {
      if (!importOnly) {
        log('Chromium: sign-in page and start page …');
        report.frontEnd = await measureFrontEnd(baseUrl, DEMO_ACCOUNT);
        if (federationCostRequested()) {
          log('Chromium: the same pages without federation (shell/dist-static) …');
          await buildWithoutFederation({ ifNeeded: true });
          report.frontEndWithoutFederation = await measureWithoutFederation(DEMO_ACCOUNT);
        }
        if (lighthouseRequested()) {
          log('Lighthouse: sign-in page and start page (mobile, simulated throttling) …');
          report.lighthouse = await measureLighthouse(baseUrl, DEMO_MEMBER);
        }
        log('API load on PGlite:');
        report.api.pglite = await runApiScenarios(baseUrl, apiOptions());
        log('Company area on PGlite:');
        report.company.pglite = await runCompanyScenarios(baseUrl, apiOptions());
        log('Risk assessments on PGlite:');
        report.riskAssessments.pglite = await runRiskAssessmentScenarios(baseUrl, apiOptions());
        log('E-learnings on PGlite:');
        report.elearnings = { pglite: await runElearningScenarios(baseUrl, apiOptions()) };
        log('Instruction list on PGlite:');
        report.instructions.pglite = await runInstructionScenarios(baseUrl, { account: BENCH_ACCOUNT, log });
        log('Start page on PGlite:');
        report.start.pglite = { overview: await runStartScenarios(baseUrl, apiOptions()) };
        log('Player and analysis on PGlite:');
        report.player.pglite = {
          commit: await runPlayerCommitScenario(baseUrl, {
            ...apiOptions(),
            account: DEMO_MEMBER,
            adminAccount: DEMO_ACCOUNT,
          }),
          browser: await measureDoingTheWork(baseUrl, DEMO_MEMBER),
        };
        log('Evidence photo on PGlite:');
        report.evidence.pglite = await runEvidenceScenario(baseUrl, evidenceOptions());
      }
      if (importRequested() && !scimOnly) {
        log('Member import on PGlite:');
        report.import.pglite = await runImportScenarios(baseUrl, {
          account: BENCH_ACCOUNT,
          otherAccount: DEMO_ACCOUNT,
          log,
        });
      }
      // Last: it adds 10,000 members to the demo company the other scenarios use.
      if (scimRequested()) {
        log('SCIM provisioning on PGlite:');
        report.scim.pglite = await runScimScenario(baseUrl, { account: DEMO_SUPER_ADMIN, log });
      }
    });

  if (!scaleOnly && !importOnly && !riskOnly && !instructionsOnly && !evidenceOnly) {
    // Needs no server: a database of its own, in memory.
    log('Reminder run on PGlite:');
    report.start.pglite = { ...report.start.pglite, reminders: await runReminderScenario({ log }) };
  }

  if (!scaleOnly && postgresRequested()) {
    const postgres = await findPostgres();
    if (!postgres) {
      report.api.postgres = { skipped: 'no PostgreSQL server answers on 127.0.0.1:5432' };
      log('PostgreSQL: skipped, no server answers on 127.0.0.1:5432');
    } else {
      const schema = await createBenchSchema(postgres.url);
      const step = { name: `drop schema ${schema.schema}`, run: schema.drop };
      cleanups.push(step);
      log(`PostgreSQL ${postgres.version}: schema ${schema.schema} on ${redact(postgres.url)}`);
      const seedArgs = instructionsOnly || evidenceOnly ? ['--risk-evaluations', '1'] : undefined;
      await withServer({ label: 'PostgreSQL', databaseUrl: schema.url, dataDir, port, seedArgs }, async (baseUrl) => {
        if (evidenceOnly) {
          log('Evidence photo on PostgreSQL:');
          report.evidence.postgres = await runEvidenceScenario(baseUrl, evidenceOptions());
          return;
        }
        if (instructionsOnly) {
          log('Instruction list on PostgreSQL:');
          report.instructions.postgres = await runInstructionScenarios(baseUrl, { account: BENCH_ACCOUNT, log });
          return;
        }
        if (riskOnly) {
          log('Risk assessments on PostgreSQL:');
          report.riskAssessments.postgres = await runRiskAssessmentScenarios(baseUrl, apiOptions());
          return;
        }
        if (!importOnly) {
          log('API load on PostgreSQL:');
          report.api.postgres = {
            server: `PostgreSQL ${postgres.version}`,
            database: redact(postgres.url),
            schema: schema.schema,
            ...(await runApiScenarios(baseUrl, apiOptions())),
          };
          log('Company area on PostgreSQL:');
          report.company.postgres = await runCompanyScenarios(baseUrl, apiOptions());
          log('E-learnings on PostgreSQL:');
          report.elearnings.postgres = await runElearningScenarios(baseUrl, apiOptions());
          log('Instruction list on PostgreSQL:');
          report.instructions.postgres = await runInstructionScenarios(baseUrl, { account: BENCH_ACCOUNT, log });
          log('Risk assessments on PostgreSQL:');
          report.riskAssessments.postgres = await runRiskAssessmentScenarios(baseUrl, apiOptions());
          log('Start page on PostgreSQL:');
          report.start.postgres = { overview: await runStartScenarios(baseUrl, apiOptions()) };
          log('Evidence photo on PostgreSQL:');
          report.evidence.postgres = await runEvidenceScenario(baseUrl, evidenceOptions());
          log('SCORM commit on PostgreSQL:');
          report.player.postgres = {
            commit: await runPlayerCommitScenario(baseUrl, {
              ...apiOptions(),
              account: DEMO_MEMBER,
              adminAccount: DEMO_ACCOUNT,
            }),
          };
        }
        if (!importOnly && crowdRequested()) {
          log("1,000 sessions at a person's pace on PostgreSQL:");
          report.crowd = {
            postgres: await runCrowdScenario(baseUrl, { account: BENCH_ACCOUNT, durationSeconds: CROWD_SECONDS, log }),
          };
        }
        if (importRequested() && !scimOnly) {
          log('Member import on PostgreSQL:');
          report.import.postgres = await runImportScenarios(baseUrl, {
            account: BENCH_ACCOUNT,
            otherAccount: DEMO_ACCOUNT,
            log,
          });
        }
        if (scimRequested()) {
          log('SCIM provisioning on PostgreSQL:');
          report.scim.postgres = await runScimScenario(baseUrl, { account: DEMO_SUPER_ADMIN, log });
        }
      });
      cleanups.splice(cleanups.indexOf(step), 1);
      await schema.drop();
    }
  } else {
    report.api.postgres = { skipped: 'not requested (set DATABASE_URL, or pass --pg / BENCH_PG=1)' };
  }

  if (scaleRequested() && !licenseeOnly) await runScale(report, dataDir, port);
  if (licenseeRequested()) await runLicensee(report, port);

  report.targets = [
    ...evaluateTargets(report),
    ...federationTargets(report),
    ...Object.entries(report.riskAssessments).flatMap(([database, result]) => riskTargets(result, database)),
    ...(report.lighthouse ? lighthouseTargets(report.lighthouse) : []),
    ...Object.entries(report.import).flatMap(([database, result]) => importTargets(result, database)),
    ...Object.entries(report.scim).flatMap(([database, result]) => scimTargets(result, database)),
    ...Object.entries(report.instructions).flatMap(([database, result]) => instructionTargets(result, database)),
    ...Object.entries(report.evidence).flatMap(([database, result]) => evidenceTargets(result, database)),
    ...Object.entries(report.start).flatMap(([database, result]) => startTargets(result, database)),
    ...Object.entries(report.player).flatMap(([database, result]) => playerTargets(result, database)),
    ...Object.entries(report.crowd ?? {}).flatMap(([database, result]) => crowdTargets(result, database)),
    ...Object.entries(report.licensee ?? {}).flatMap(([database, result]) => licenseeTargets(result, database)),
  ];
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
  ];
  if (report.frontEnd) {
    sections.push(
      'Front end, first visit with the cache off (bytes on the wire, gzip; counted until the page is usable;',
      '"settled" = once the network is quiet)',
      frontEndTable(report.frontEnd),
    );
    if (report.frontEndWithoutFederation) {
      sections.push(
        '',
        'The same pages without federation (one bundle, every area imported statically; bench only)',
        frontEndTable(report.frontEndWithoutFederation),
      );
    }
  }
  if (report.lighthouse) {
    sections.push(
      '',
      `Lighthouse ${report.lighthouse.lighthouseVersion} (mobile, simulated throttling), first visit (HTTP cache emptied ` +
        `before each run), median of ${report.lighthouse.runs} run(s) by performance; "runs" = each run's score, ` +
        `"load avg" = 1-minute load average before each run; "repeat visit" = median (runs) of ` +
        `${report.lighthouse.repeatRuns} run(s) with the cache the first visits filled`,
      lighthouseTable(report.lighthouse),
    );
  }
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
    const company = report.company[database];
    if (company) {
      sections.push('', `Company area on ${database === 'pglite' ? 'PGlite (embedded)' : api.server}`);
      sections.push(apiTable(company), '', timedTable(company.timed));
    }
  }
  for (const [database, results] of Object.entries(report.elearnings ?? {})) {
    sections.push('', `E-learnings on ${database}`, ...elearningTargetLines(results));
  }
  for (const [database, result] of Object.entries(report.instructions)) {
    if (result?.method) sections.push('', `Instruction list on ${database}: ${result.method}`);
  }
  for (const [database, result] of Object.entries(report.evidence)) {
    if (result?.method) sections.push('', `Evidence photo on ${database}: ${result.method}`);
  }
  for (const [database, result] of Object.entries(report.import)) {
    sections.push(
      '',
      `Member import on ${database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}, client ${BENCH_CLIENT}: from upload to ` +
        `landed (upload, summary, job); member state called meanwhile by 4 other users, each every 100 ms whether answered or not (ms)`,
      importTable(result),
    );
  }
  if (report.scale?.scenarios || report.startup) {
    sections.push(
      '',
      report.scale?.scenarios
        ? `Scale on ${report.scale.server}: ${report.scale.members} members in ${report.scale.clients} clients, ` +
            `client ${BENCH_CLIENT} with ${MEMBERS + 1}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`
        : 'Start-up',
      scaleTable(report.scale, report.startup),
    );
  } else if (report.scale?.skipped) {
    sections.push('', `Scale: skipped (${report.scale.skipped})`);
  }
  for (const [database, result] of Object.entries(report.licensee ?? {})) {
    sections.push(
      '',
      `Licensee console on ${database}: ${result.seed}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
      scaleTable(result),
    );
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
