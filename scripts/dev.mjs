// `npm run dev [-- mf-company mf-auth …]`: development servers with hot reload.
// The API server (restarting on change) on 8080, the shell on http://localhost:3000, and a dev server per remote
// named (all remotes when none is named); remotes not named are served from their production build.
// The API server tells the shell where each remote lives, so a remote under development is simply
// configured to its dev server's manifest (REMOTE_URL_MF_COMPANY=http://localhost:3006/mf-manifest.json).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS } from '../tools/rspack/areas.mjs';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Each remote's dev-server port, as declared in shared-core/src/areas.json. */
const REMOTES = Object.fromEntries(AREAS.map((area) => [area.name, area.devPort]));
const named = process.argv.slice(2).filter((name) => name in REMOTES);
const live = named.length > 0 ? named : Object.keys(REMOTES);

await build({ ifNeeded: true });

const env = { ...process.env, PORT: process.env.PORT ?? '8080', NODE_OPTIONS: '--no-deprecation' };
for (const name of live) {
  env[`REMOTE_URL_${name.replace(/-/g, '_').toUpperCase()}`] = `http://localhost:${REMOTES[name]}/mf-manifest.json`;
}

const children = [];
function run(label, command, args, cwd) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}] `;
  const print = (chunk) => process.stdout.write(String(chunk).replace(/^(?=.)/gm, prefix));
  child.stdout.on('data', print);
  child.stderr.on('data', print);
  children.push(child);
}

run('server', 'npx', ['tsx', 'watch', 'server/src/main.ts'], root);
run('shell', 'npx', ['rspack', 'serve', '--mode', 'development'], path.join(root, 'shell'));
for (const name of live) run(name, 'npx', ['rspack', 'serve', '--mode', 'development'], path.join(root, name));

console.log(`Open http://localhost:3000 (live remotes: ${live.join(', ')}).`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
