// Builds the shell and every remote for production (each also builds alone: `npm run build -w mf-company`), and
// compiles the API server to one JavaScript file, server/dist/main.js (`npm start` runs it with node: no TypeScript
// compilation at run time). Two front ends at a time: CI machines have two cores. `--if-needed` skips parts whose
// dist is newer than their sources; `--server` builds only the server.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
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

function buildOne(name, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npx', ['rspack', 'build', '--mode', 'production'], {
      cwd: path.join(root, name),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '--no-deprecation', ...extraEnv },
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

export const SERVER_ENTRY = path.join(root, 'server', 'dist', 'main.js');
const SERVER_DIST = path.dirname(SERVER_ENTRY);
/** Must match server/src/core/db/template.ts. */
const PGLITE_TEMPLATE = path.join(SERVER_DIST, 'pgdata-template.tar');
/** What the compiled server is made of: a change in any of them builds it again. */
const SERVER_SOURCES = ['server/src', 'shared-core/src', 'package-lock.json'];

export function isServerBuilt() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(PGLITE_TEMPLATE)) return false;
  const sources = Math.max(...SERVER_SOURCES.map((source) => newestMtime(path.join(root, source))));
  return Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(PGLITE_TEMPLATE).mtimeMs) >= sources;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/**
 * esbuild bundles the server (and the template writer) with our workspace packages (@dash/shared-core is TypeScript
 * source) into ES modules in server/dist; every other package stays an import from node_modules (native parts,
 * PGlite's wasm and data files). Files are written under a temporary name and renamed, so that two servers started
 * at once (e2e) never run half a file. Then the PGlite template: a data folder with every migration applied.
 */
export async function buildServer() {
  const started = Date.now();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: {
      main: path.join(root, 'server', 'src', 'main.ts'),
      'template-cli': path.join(root, 'server', 'src', 'core', 'db', 'template-cli.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    outdir: SERVER_DIST,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@dash/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(SERVER_DIST, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  await run(process.execPath, [path.join(SERVER_DIST, 'template-cli.js'), PGLITE_TEMPLATE]);
  console.log(`built server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function build({ ifNeeded = false, serverOnly = false } = {}) {
  if (!ifNeeded || !isServerBuilt()) await buildServer();
  if (serverOnly) return;
  const queue = FRONT_ENDS.filter((name) => !ifNeeded || !isBuilt(name));
  const workers = Array.from({ length: 2 }, async () => {
    while (queue.length > 0) await buildOne(queue.shift());
  });
  await Promise.all(workers);
}

/**
 * The bench's non-federated shell (issue 18: the price of federation) in shell/dist-static: every area imported
 * statically. Newer than every front end's sources, or rebuilt.
 */
export async function buildWithoutFederation({ ifNeeded = false } = {}) {
  const marker = path.join(root, 'shell', 'dist-static', 'index.html');
  if (ifNeeded && existsSync(marker)) {
    const built = statSync(marker).mtimeMs;
    const sources = Math.max(
      ...FRONT_ENDS.flatMap((name) => [
        newestMtime(path.join(root, name, 'src')),
        newestMtime(path.join(root, name, 'rspack.config.mjs')),
      ]),
      ...COMMON_SOURCES.map((source) => newestMtime(path.join(root, source))),
    );
    if (built >= sources) return;
  }
  await buildOne('shell', { DASH_NO_FEDERATION: '1' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ ifNeeded: process.argv.includes('--if-needed'), serverOnly: process.argv.includes('--server') }).catch(
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
