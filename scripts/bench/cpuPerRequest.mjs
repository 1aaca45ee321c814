// CPU time per request of the compiled server, for comparing two builds on a machine that is not quiet: the server
// process's user + system time (from /proc/<pid>/stat) divided by the requests it answered moves far less with other
// work beside it than requests a second or p95 do. Each build seeds its own database with its own seed CLI (the
// 10,000-member bench client, so no seeding inside the measured process); the builds are then measured in alternated
// rounds (a, b, a, b, …), each round a fresh server process: 3 s warm-up, then the measured seconds.
//
//   node scripts/bench/cpuPerRequest.mjs [--rounds 3] [--seconds 8] [--only csrf,memberState] [--data <dir>,<dir>]
//                                        [<checkout> …]
//
// Each <checkout> is a folder with this repository built (`node scripts/build.mjs`); default: this checkout.
// --data: data folders seeded before (one per checkout, in order; kept afterwards) instead of seeding new ones.
// Prints µs of server CPU per request and requests a second, per scenario, round and build.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, root } from './server.mjs';
import { signIn } from './session.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return Number(value);
};
const textOption = (name) => {
  const index = args.indexOf(name);
  return index < 0 ? null : args.splice(index, 2)[1];
};
const ONLY = textOption('--only')?.split(',') ?? null;
const GIVEN_DATA = textOption('--data')?.split(',') ?? null;
const ROUNDS = option('--rounds', 3);
const SECONDS = option('--seconds', 8);
const WARM_SECONDS = 3;
const CONNECTIONS = 20;
const checkouts = (args.length > 0 ? args : [root]).map((folder) => path.resolve(folder));
const ACCOUNT = { company: 'bench10k', username: 'admin', password: 'Safety#2026' };
const TASKS_BODY = { page: 1, perPage: 25, sortBy: 'dueDate', sortDirection: 'asc', filter: { status: 'open' } };
const ALL_SCENARIOS = [
  { id: 'csrf', path: '/api/csrf' },
  { id: 'memberState', path: '/api/member/state' },
  {
    id: 'memberSearch',
    path: '/api/memberlist/getlist',
    body: { page: 1, perPage: 25, sortBy: 'lastName', sortDirection: 'asc', filter: { search: 'mann' } },
  },
  { id: 'riskTasks', path: '/api/risk-assessment/read-member-tasks', body: TASKS_BODY },
];
const SCENARIOS = ALL_SCENARIOS.filter(({ id }) => !ONLY || ONLY.includes(id));
/** Clock ticks a second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim() || 100);

function cpuSeconds(pid) {
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is field 14,
  // stime 15 of the whole line, i.e. 12 and 13 after it.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function environment(dataDir, port) {
  const env = { ...process.env, NODE_OPTIONS: '--no-deprecation', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return { ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' };
}

function seed(checkout, dataDir) {
  const result = spawnSync(
    path.join(checkout, 'node_modules', '.bin', 'tsx'),
    ['server/src/seed/bulk-cli.ts', '--client', ACCOUNT.company, '--members', '10000'],
    { cwd: checkout, env: environment(dataDir, 0), encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`seeding in ${checkout} failed:\n${result.stderr}`);
}

async function startServer(checkout, dataDir) {
  const port = await freePort(3900);
  const child = spawn(process.execPath, [path.join(checkout, 'server', 'dist', 'main.js')], {
    cwd: checkout,
    env: environment(dataDir, port),
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/csrf`)).ok) return { child, baseUrl };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server of ${checkout} did not answer`);
}

function load(baseUrl, scenario, headers, seconds) {
  return autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.body ? 'POST' : 'GET',
    headers: { ...headers, 'content-type': 'application/json' },
    body: scenario.body ? JSON.stringify(scenario.body) : undefined,
    connections: CONNECTIONS,
    duration: seconds,
  });
}

async function measureRound(checkout, dataDir) {
  const { child, baseUrl } = await startServer(checkout, dataDir);
  try {
    const headers = await signIn(baseUrl, ACCOUNT);
    const figures = {};
    for (const scenario of SCENARIOS) {
      await load(baseUrl, scenario, headers, WARM_SECONDS);
      const before = cpuSeconds(child.pid);
      const result = await load(baseUrl, scenario, headers, SECONDS);
      const cpu = cpuSeconds(child.pid) - before;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${scenario.id}: ${result.non2xx} non-2xx answers`);
      figures[scenario.id] = {
        microsecondsPerRequest: Math.round((cpu * 1e6) / result.requests.total),
        requestsPerSecond: Math.round(result.requests.total / SECONDS),
      };
    }
    return figures;
  } finally {
    child.kill('SIGKILL');
  }
}

const folders = checkouts.map((checkout, index) => {
  const given = GIVEN_DATA?.[index];
  if (given) return { checkout, dataDir: path.resolve(given), kept: true };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cpu-per-request-'));
  console.log(`seeding for ${checkout} in ${dataDir} …`);
  seed(checkout, dataDir);
  return { checkout, dataDir, kept: false };
});
try {
  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { checkout, dataDir } of folders) {
      const figures = await measureRound(checkout, dataDir);
      rows.push({ round, checkout, figures });
      console.log(
        `round ${round} ${checkout}: ${SCENARIOS.map(
          ({ id }) => `${id} ${figures[id].microsecondsPerRequest} µs (${figures[id].requestsPerSecond}/s)`,
        ).join(', ')}`,
      );
    }
  }
  console.log('\nmedian µs of server CPU per request (requests a second):');
  for (const { checkout } of folders) {
    const mine = rows.filter((row) => row.checkout === checkout);
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(
      `  ${checkout}: ${SCENARIOS.map(
        ({ id }) =>
          `${id} ${median(mine.map((row) => row.figures[id].microsecondsPerRequest))} µs (${median(
            mine.map((row) => row.figures[id].requestsPerSecond),
          )}/s)`,
      ).join(', ')}`,
    );
  }
} finally {
  for (const { dataDir, kept } of folders) if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
