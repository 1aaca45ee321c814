import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every `migrations/NNN_*.sql` not applied yet, each in its own transaction, in file-name order. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migration (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.query('SELECT 1 FROM schema_migration WHERE id = $1', [file]);
    if (done.length > 0) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction(async (tx) => {
      // Two servers starting at once on one PostgreSQL database: the second waits, then skips.
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(4242)');
      const again = await tx.query('SELECT 1 FROM schema_migration WHERE id = $1', [file]);
      if (again.length > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migration (id) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}

/** Function bodies in our migrations stay on one line (005), so splitting on `;` at line ends is safe. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}
