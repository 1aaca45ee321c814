// First, before any other module runs (see the file).
import './v8Flags';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { answerBackupRequests } from './core/db/backup';
import { LOCK_KEYS, openDatabase } from './core/db/database';
import { migrate } from './core/db/migrate';
import { keepStatisticsFresh } from './core/db/statistics';
import { PGLITE_TEMPLATE_FILE } from './core/db/template';
import { answerReleaseChoiceRequests } from './core/releases/operatorChoice';
import { buildCourseApp } from './courseApp';
import { startUsageRefresh } from './modules/licensee/usage';
import { startReminderScheduler } from './modules/reminders/scheduler';
import { seedDemoData } from './seed/demo';

/** A stop that has not finished by then ends the process anyway (a client that never finishes its request). */
const STOP_DEADLINE_MS = 10_000;

const config = loadConfig();
// Each start-up step's milliseconds, logged once the server listens (answers within 5 s of a cold start).
const steps: string[] = [];
// 'load' is the time from the process start to here: reading and evaluating the code.
let stepStarted = 0;
const step = (name: string) => {
  const now = performance.now();
  steps.push(`${name} ${Math.round(now - stepStarted)} ms`);
  stepStarted = now;
};
step('load');
// Beside the compiled server only (server/dist, see scripts/build.mjs): a new embedded database starts from it.
// PGLITE_TEMPLATE names another one (the tests' seeded copy, server/test/serverProcess.ts).
const pgliteTemplate =
  config.pgliteTemplate ?? path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_FILE);
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  schema: config.databaseSchema,
  timeouts: config.databaseTimeouts,
  pgliteTemplate,
});
step('database');
const applied = await migrate(db);
step('migrations');
// Several instances starting at once on one PostgreSQL: one seeds, the others find the data there.
const seeded = config.seedDemo ? await db.exclusively(LOCK_KEYS.seed, () => seedDemoData(db)) : false;
step('demo data');
// Embedded PGlite has no autovacuum: fresh statistics and visibility maps keep the table queries on their indexes.
if (db.kind === 'pglite') await db.exec('VACUUM ANALYZE');
step('vacuum');
const app = await buildApp(config, db);
// The course origin: SCORM course files on a listener of their own (docs/scorm.md "Isolation").
const courseApp = await buildCourseApp(config, db);
step('app');
// Embedded database: `npm run backup` asks this process for a consistent copy (see db/backup.ts).
const stopAnsweringBackups = db.kind === 'pglite' ? answerBackupRequests(db, config.dataDir, app.log) : () => undefined;
// And for the operator's choice of a release (`npm run release:use`, core/releases/operatorChoice.ts).
const stopAnsweringReleaseChoices =
  db.kind === 'pglite' ? answerReleaseChoiceRequests(db, config, app.log) : () => undefined;

// Reminder mails: a run at start catches up after downtime, then one every few minutes.
const reminders =
  config.reminderIntervalMinutes > 0
    ? startReminderScheduler({
        db,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
        intervalMs: config.reminderIntervalMinutes * 60_000,
        onError: (error) => app.log.error({ err: error }, 'reminder run failed'),
      })
    : null;
// The licensees' usage figures (client_usage): a refresh shortly after start, then one every few minutes.
const usageRefresh =
  config.usageRefreshMinutes > 0
    ? startUsageRefresh(db, {
        intervalMs: config.usageRefreshMinutes * 60_000,
        onError: (error) => app.log.error({ err: error }, 'usage refresh failed'),
      })
    : null;
// Embedded PGlite: statistics kept fresh as autovacuum would (a check a minute; tables that changed are analysed).
const statistics =
  db.kind === 'pglite'
    ? keepStatisticsFresh(db, {
        intervalMs: 60_000,
        onError: (error) => app.log.error({ err: error }, 'statistics refresh failed'),
      })
    : null;

/**
 * Graceful stop (SIGTERM from an orchestrator, Ctrl-C): stop listening at once (new connections are refused), let
 * the requests under way finish (Fastify's close waits for them and closes idle keep-alive connections), stop the
 * reminder scheduler after its current run, and close the database last, when nothing uses it any more. A stop that
 * takes longer than STOP_DEADLINE_MS ends the process with exit code 1.
 */
let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  setTimeout(() => {
    app.log.error(`stop took longer than ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  try {
    await Promise.all([app.close(), courseApp.close(), reminders?.stop(), usageRefresh?.stop(), statistics?.stop()]);
    stopAnsweringBackups();
    stopAnsweringReleaseChoices();
    await db.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'stop failed');
    process.exit(1);
  }
}
/**
 * The course listener on COURSE_PORT; without one set, on PORT + 1, or on a free port when that one is taken (two
 * servers side by side on neighbouring ports, as tests and the benchmark start them).
 */
async function listenForCourses(): Promise<number> {
  const { courseOrigin } = app;
  try {
    await courseApp.listen({ port: courseOrigin.listenPort, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !courseOrigin.portIsFlexible) throw error;
    app.log.warn(`port ${courseOrigin.listenPort} is taken: courses on a free port`);
    await courseApp.listen({ port: 0, host: config.host });
  }
  const address = courseApp.server.address();
  const port = typeof address === 'object' && address ? address.port : courseOrigin.listenPort;
  courseOrigin.listening(port);
  return port;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));

// Courses first: the dashboard's first launch URLs name the port the course listener really got.
const coursePort = await listenForCourses();
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Serving on http://localhost:${config.port} (courses on port ${coursePort}) with ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}` +
    `${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}${seeded ? '; demo data seeded' : ''}`,
);
app.log.info(`start-up in ${Math.round(performance.now())} ms: ${steps.join(', ')}`);
