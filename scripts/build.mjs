// Builds the shell and every remote for production (each also builds alone: `npm run build -w mf-company`).
// Two at a time: CI machines have two cores. `--if-needed` skips parts whose dist is newer than their sources.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FRONT_ENDS = [
  'shell',
  'mf-auth',
  'mf-start',
  'mf-profile',
  'mf-elearnings',
  'mf-risk-assessments',
  'mf-company',
];
/** Sources every front end is built from besides its own folder. */
const COMMON_SOURCES = ['shared-core/src', 'shared-ui/src', 'tools/rspack', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isBuilt(name) {
  const manifest = path.join(root, name, 'dist', name === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(manifest)) return false;
  const built = statSync(manifest).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, name, 'src')),
    newestMtime(path.join(root, name, 'rspack.config.mjs')),
    ...COMMON_SOURCES.map((source) => newestMtime(path.join(root, source))),
  );
  return built >= sources;
}

function buildOne(name) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npx', ['rspack', 'build', '--mode', 'production'], {
      cwd: path.join(root, name),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '--no-deprecation' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code === 0) {
        console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        console.error(output);
        reject(new Error(`${name} failed to build`));
      }
    });
  });
}

export async function build({ ifNeeded = false } = {}) {
  const queue = FRONT_ENDS.filter((name) => !ifNeeded || !isBuilt(name));
  const workers = Array.from({ length: 2 }, async () => {
    while (queue.length > 0) await buildOne(queue.shift());
  });
  await Promise.all(workers);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ ifNeeded: process.argv.includes('--if-needed') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
