// `npm test`: every check the project has, against production builds:
// type-check, lint, unit tests, API tests, production build, browser tests (Debian's Chromium).
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './chromium.mjs';
import { playwrightSummary } from './playwrightReport.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'reports');
mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2);
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package …");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (existsSync(CHROMIUM_PATH)) return;
  }
  console.error("Browser tests need Chromium: run 'apt-get install chromium' as root, or set CHROMIUM_PATH.");
  process.exit(1);
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: report.numPendingTests ?? 0,
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  return playwrightSummary(JSON.parse(readFileSync(file, 'utf8')));
}

const steps = [
  { name: 'typecheck', command: 'npx tsc -p tsconfig.json' },
  { name: 'lint', command: 'npm run lint' },
  {
    name: 'unit',
    command: `npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=${reports}/unit.json`,
    counts: () => vitestCounts(`${reports}/unit.json`),
  },
  {
    name: 'api',
    command: `npx vitest run --project api --reporter=default --reporter=json --outputFile.json=${reports}/api.json`,
    counts: () => vitestCounts(`${reports}/api.json`),
  },
  { name: 'build', command: 'node scripts/build.mjs' },
  {
    name: 'e2e',
    command: `npx playwright test -c e2e/playwright.config.ts --reporter=list,json (${E2E_SHARDS} shards side by side)`,
    before: ensureChromium,
    run: runBrowserTestShards,
    counts: () => sumCounts(e2eShards().map((shard) => playwrightCounts(shard.report))),
  },
];

/**
 * The browser tests, optionally in shards side by side (E2E_SHARDS, default 1), each with its own servers, ports and
 * databases (e2e/playwright.config.ts reads the ports), so that no test sees another shard's data. On a machine with
 * more cores. On the 2-core CI machine two shards took as long as one run (36 min in all, load average 9-10) and a
 * test failed under that load: there the default is one run.
 */
function e2eShards() {
  return Array.from({ length: E2E_SHARDS }, (_, index) => ({
    label: `e2e ${index + 1}/${E2E_SHARDS}`,
    report: `${reports}/e2e-${index + 1}.json`,
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e-${index + 1}.json`,
      E2E_MAIN_PORT: String(8181 + index * 100),
      E2E_RESILIENCE_PORT: String(8182 + index * 100),
      E2E_SMTP_PORT: String(2525 + index * 100),
      E2E_SMS_PORT: String(2526 + index * 100),
      E2E_OUTPUT_DIR: `../test-results/e2e-${index + 1}`,
    },
    args: E2E_SHARDS > 1 ? ` --shard=${index + 1}/${E2E_SHARDS}` : '',
  }));
}

/** Runs the shards at once, each line of output prefixed with its shard; answers the exit status (0: all passed). */
async function runBrowserTestShards() {
  const runs = e2eShards().map(
    (shard) =>
      new Promise((resolve) => {
        const child = spawn(`npx playwright test -c e2e/playwright.config.ts --reporter=list,json${shard.args}`, {
          cwd: root,
          shell: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NODE_OPTIONS: '--no-deprecation', ...shard.env },
        });
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.on('data', (chunk) => {
            const lines = (rest + chunk.toString('utf8')).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) console.log(`[${shard.label}] ${line}`);
          });
          stream.on('end', () => rest && console.log(`[${shard.label}] ${rest}`));
        }
        child.on('close', (code) => resolve(code ?? 1));
      }),
  );
  const codes = await Promise.all(runs);
  return codes.every((code) => code === 0) ? 0 : 1;
}

function sumCounts(list) {
  const sum = { passed: 0, failed: 0, skipped: 0, flaky: [] };
  for (const counts of list) {
    if (!counts) return null;
    sum.passed += counts.passed;
    sum.failed += counts.failed;
    sum.skipped += counts.skipped;
    sum.flaky.push(...counts.flaky);
  }
  return sum;
}

const results = [];
let buildFailed = false;
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  if (step.name === 'e2e' && buildFailed) {
    results.push({ name: step.name, ok: false, seconds: 0, note: 'skipped: build failed' });
    continue;
  }
  step.before?.();
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const run = step.run
    ? { status: await step.run() }
    : spawnSync(step.command, {
        cwd: root,
        shell: true,
        stdio: 'inherit',
        env: { ...process.env, NODE_OPTIONS: '--no-deprecation', ...step.env },
      });
  const counts = step.counts?.();
  // A browser test that passed only on its retry fails the run (Playwright itself exits 0 for it).
  const flaky = counts?.flaky ?? [];
  const ok = run.status === 0 && flaky.length === 0;
  if (step.name === 'build' && !ok) buildFailed = true;
  results.push({
    name: step.name,
    ok,
    seconds: (Date.now() - started) / 1000,
    counts,
    note: flaky.length > 0 ? `${flaky.length} flaky (passed only on retry)` : undefined,
  });
}

console.log('\n=== summary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const result of results) {
  const counts = result.counts ? ` (${result.counts.passed} passed, ${result.counts.failed} failed)` : '';
  console.log(
    `${result.ok ? 'ok  ' : 'FAIL'} ${result.name.padEnd(10)} ${result.seconds.toFixed(1).padStart(6)} s${counts}${result.note ? ` ${result.note}` : ''}`,
  );
  for (const name of result.counts?.flaky ?? []) console.log(`     flaky: ${name}`);
  if (result.counts) {
    passed += result.counts.passed;
    failed += result.counts.failed;
    skipped += result.counts.skipped;
  } else if (!result.ok) {
    failed += 1;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
