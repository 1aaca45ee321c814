// Builds the shell and every remote for production (each also builds alone: `npm run build -w mf-company`), and
// compiles the API server to one JavaScript file, server/dist/main.js (`npm start` runs it with node: no TypeScript
// compilation at run time). Two front ends at a time: CI machines have two cores. `--if-needed` skips parts whose
// sources are the same as at their last build (a hash of their files, kept beside the output in
// `<dist>.build-hash`); `--server` builds only the server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONT_ENDS, ROOT as root } from '../tools/rspack/areas.mjs';

/** The shell, then one remote per area declared in shared-core/src/areas.json. */
export { FRONT_ENDS };
/** Sources every front end is built from besides its own folder. */
export const COMMON_SOURCES = ['shared-core/src', 'shared-ui/src', 'tools/rspack', 'package-lock.json'];
/** Never sources: what builds and installs write. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'dist-static']);

/**
 * SHA-256 over the path and contents of every file under the given paths (relative to the repository), in a fixed
 * order. Contents, not modification times: a fresh clone or a touched file builds nothing again, an edit does.
 */
export function sourceHash(sources, base = root) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(base, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) {
        if (!NOT_SOURCES.has(entry)) visit(path.posix.join(relative, entry));
      }
      return;
    }
    const contents = readFileSync(full);
    hash.update(`${relative}\0${contents.length}\0`);
    hash.update(contents);
  };
  for (const source of [...sources].sort()) visit(source);
  return hash.digest('hex');
}

const fileHash = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * What a build was made from, kept beside its output folder (`shell/dist.build-hash`) rather than in it, since the
 * server serves that folder as it is. With it, the hash of the output's entry file (index.html, mf-manifest.json,
 * main.js; its contents name every hashed chunk): an output rebuilt since by other means does not pass as this one.
 */
const buildRecord = (dist) => `${dist}.build-hash`;

/** Whether `dist` holds a build of exactly these sources (`entry`: its entry file). */
export function isBuiltFrom(dist, entry, hash) {
  const record = buildRecord(dist);
  if (!existsSync(entry) || !existsSync(record)) return false;
  const built = JSON.parse(readFileSync(record, 'utf8'));
  return built.sources === hash && built.entry === fileHash(entry);
}

/** Noted after a build succeeded, with the hash taken before it started (an edit during the build counts as new). */
export function recordBuild(dist, entry, hash) {
  writeFileSync(buildRecord(dist), `${JSON.stringify({ sources: hash, entry: fileHash(entry) })}\n`);
}

/** What one front end is built from. */
export function frontEndSources(name) {
  return [`${name}/src`, `${name}/rspack.config.mjs`, `${name}/package.json`, ...COMMON_SOURCES];
}

const frontEndDist = (name) => path.join(root, name, 'dist');
const frontEndEntry = (name) => path.join(frontEndDist(name), name === 'shell' ? 'index.html' : 'mf-manifest.json');

export function isBuilt(name) {
  return isBuiltFrom(frontEndDist(name), frontEndEntry(name), sourceHash(frontEndSources(name)));
}

/** Builds one front end (its rspack configuration, production mode) and notes what it was built from. */
export async function buildFrontEnd(name) {
  const hash = sourceHash(frontEndSources(name));
  await buildOne(name);
  recordBuild(frontEndDist(name), frontEndEntry(name), hash);
}

/** `npx rspack build --mode production` in the part's folder, its output shown only when it fails. */
export function buildOne(name, extraEnv = {}) {
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
  return (
    existsSync(SERVER_ENTRY) && existsSync(PGLITE_TEMPLATE) && isBuiltFrom(SERVER_DIST, sourceHash(SERVER_SOURCES))
  );
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
  const hash = sourceHash(SERVER_SOURCES);
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
  recordBuild(SERVER_DIST, SERVER_ENTRY, hash);
  console.log(`built server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function build({ ifNeeded = false, serverOnly = false } = {}) {
  if (!ifNeeded || !isServerBuilt()) await buildServer();
  if (serverOnly) return;
  const queue = FRONT_ENDS.filter((name) => !ifNeeded || !isBuilt(name));
  const workers = Array.from({ length: 2 }, async () => {
    while (queue.length > 0) await buildFrontEnd(queue.shift());
  });
  await Promise.all(workers);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ ifNeeded: process.argv.includes('--if-needed'), serverOnly: process.argv.includes('--server') }).catch(
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
