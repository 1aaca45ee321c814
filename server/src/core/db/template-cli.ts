// Build step (scripts/build.mjs): a PGlite data folder with every migration applied, as a tarball, so that the
// compiled server's first start on an empty DATA_DIR restores it instead of running initdb and the migrations.
//   node server/dist/template-cli.js <output file>
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './database';
import { migrate } from './migrate';

const output = process.argv[2];
if (!output) {
  console.error('usage: template-cli <output file>');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dash-pglite-template-'));
try {
  const db = await openPglite(dataDir);
  await migrate(db);
  // Visibility maps and statistics set now: the first start's VACUUM ANALYZE (main.ts) skips the pages it saw here.
  await db.exec('VACUUM ANALYZE');
  await db.close();
  const raw = await PGlite.create(path.join(dataDir, 'pgdata'));
  const dump = await raw.dumpDataDir('none');
  await raw.close();
  const temporary = `${output}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, output);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
