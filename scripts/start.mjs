// `npm start`: builds what is not built yet (the front ends and the compiled server), then serves the whole product on
// PORT (default 8080) with `node server/dist/main.js`: no TypeScript compilation at run time.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, SERVER_ENTRY } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({ ifNeeded: true });
// The server runs from the repository root: a relative DATA_DIR means relative to where `npm start` was called.
const env = { ...process.env };
if (env.DATA_DIR) env.DATA_DIR = path.resolve(env.DATA_DIR);
// Browser tests start from an empty database each run.
if (process.argv.includes('--fresh-data') && env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('close', (code) => process.exit(code ?? 0));
