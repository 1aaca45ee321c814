// Seeds a database and runs the API server for the bench, as a process group that is always stopped again.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(root, 'node_modules', '.bin', 'tsx');
/** The compiled server, as `npm start` runs it (scripts/build.mjs builds it). */
const SERVER = path.join(root, 'server', 'dist', 'main.js');
export const STARTUP_TARGET_MS = 5000;
/** What the server printed last, for the error message when it does not come up. */
const OUTPUT_LIMIT = 20_000;

/** The preferred port when it is free, else any free port. */
export function freePort(preferred) {
  const tryListen = (port) =>
    new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen({ port, host: '127.0.0.1' }, () => {
        const { port: bound } = probe.address();
        probe.close(() => resolve(bound));
      });
    });
  return tryListen(preferred).catch(() => tryListen(0));
}

/**
 * Environment for the seed CLI and the server: either PostgreSQL (`databaseUrl`) or PGlite in `dataDir`.
 * An outer DATABASE_URL never leaks into a PGlite run.
 */
function databaseEnv({ databaseUrl, dataDir }) {
  const env = { ...process.env, NODE_OPTIONS: '--no-deprecation' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.DATA_DIR = dataDir;
  return env;
}

/** Every process group the bench started and has not seen end yet; none start once the bench shuts down. */
const running = new Set();
let shuttingDown = false;

/**
 * Starts `tsx <args>` as the leader of a new process group (tsx runs the script in a child process of its own).
 * `stop()` sends SIGTERM to the group, then SIGKILL after 10 s, and resolves once the leader has exited.
 */
function spawnGroup(args, env, command = TSX) {
  if (shuttingDown) throw new Error('the bench is shutting down');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const group = {
    exited: null,
    output: () => output.trim(),
    exit: null,
    stop: null,
  };
  group.exit = new Promise((resolve) => {
    child.once('error', (error) => {
      group.exited = { code: null, signal: null, error };
      running.delete(group);
      resolve(group.exited);
    });
    child.once('close', (code, signal) => {
      group.exited = { code, signal };
      running.delete(group);
      resolve(group.exited);
    });
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  let stopping = null;
  group.stop = () => {
    stopping ??= (async () => {
      if (!group.exited) {
        signalGroup('SIGTERM');
        const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
        if ((await Promise.race([group.exit, timer])) === 'timeout') signalGroup('SIGKILL');
        await group.exit;
      }
      // tsx's own child may outlive tsx for a moment; make sure nothing of the group is left.
      signalGroup('SIGKILL');
    })();
    return stopping;
  };
  if (child.pid !== undefined) running.add(group);
  return group;
}

/** Stops every process the bench started (seed CLI, servers) and waits for them. */
export async function stopAllProcesses() {
  shuttingDown = true;
  await Promise.all([...running].map((group) => group.stop()));
}

/** Runs a TypeScript script of the repository (through tsx) to its end; answers its output, throws on failure. */
export async function runTsxScript(args, env = process.env) {
  const group = spawnGroup(args, env);
  const { code, signal, error } = await group.exit;
  if (error) throw error;
  if (code !== 0) throw new Error(`${args[0]} failed (exit ${code ?? signal}):\n${group.output()}`);
  return group.output();
}

/** Migrations, demo data and the large client, in a process of its own (PGlite allows one process per DATA_DIR). */
export async function seedDatabase({ databaseUrl, dataDir, client, members, extraArgs = [] }) {
  const group = spawnGroup(
    ['server/src/seed/bulk-cli.ts', '--client', client, '--members', String(members), ...extraArgs],
    databaseEnv({ databaseUrl, dataDir }),
  );
  const { code, signal, error } = await group.exit;
  if (error) throw error;
  if (code !== 0) throw new Error(`seeding failed (exit ${code ?? signal}):\n${group.output()}`);
  return group.output();
}

/**
 * Starts the compiled server (`node server/dist/main.js`, as `npm start` does) in its own process group and resolves
 * once GET /api/csrf answers 200. Answers { baseUrl, stop(), startMs }; stop() ends the whole group.
 */
export async function startServer({
  databaseUrl,
  dataDir,
  port,
  timeoutMs = 90_000,
  pollMs = 250,
  logLevel,
  env: extraEnv = {},
}) {
  const env = {
    ...databaseEnv({ databaseUrl, dataDir }),
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: logLevel ?? process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  const started = performance.now();
  const group = spawnGroup([SERVER], env, process.execPath);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (group.exited) {
      const { code, signal, error } = group.exited;
      throw new Error(
        `server exited (${error?.message ?? `code ${code}, signal ${signal}`}) before answering:\n${group.output()}`,
      );
    }
    if (Date.now() > deadline) {
      await group.stop();
      throw new Error(`server did not answer on ${baseUrl} within ${timeoutMs / 1000} s:\n${group.output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/csrf`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const startMs = Math.round(performance.now() - started);
  return { baseUrl, stop: group.stop, output: group.output, exited: () => group.exited, startMs };
}

/**
 * Milliseconds from spawning the compiled server on an empty data folder (PGlite, demo data seeded) to its
 * first 200 on GET /api/csrf, polled every 50 ms. `dataDir` must not hold a database yet.
 */
export async function measureStartup({ dataDir, port }) {
  // Info: the server logs its start-up steps (main.ts).
  const server = await startServer({ dataDir, port, pollMs: 50, logLevel: 'info' });
  const line = server.output().match(/start-up in [^"]*/)?.[0] ?? null;
  await server.stop();
  return { ms: server.startMs, targetMs: STARTUP_TARGET_MS, command: 'node server/dist/main.js', steps: line };
}
