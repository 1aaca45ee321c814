import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_SOURCES } from '../../paths';
import { type Database, LOCK_KEYS } from './database';

export const MIGRATIONS_DIR = path.join(SERVER_SOURCES, 'core', 'db', 'migrations');

/** Every migration file name, in the order they apply (also what GET /readyz expects to find applied). */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

/**
 * Applies every `migrations/NNN_*.sql` not applied yet, each in its own transaction, in file-name order.
 * Several servers starting at once on one PostgreSQL database: one migrates while holding a database lock, the others
 * wait for it and then find nothing left to do (even `CREATE TABLE IF NOT EXISTS` fails when two run it at once).
 */
export function migrate(db: Database): Promise<string[]> {
  return db.exclusively(LOCK_KEYS.migrate, () => migrateLocked(db));
}

async function migrateLocked(db: Database): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migration (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = migrationFiles();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.query('SELECT 1 FROM schema_migration WHERE id = $1', [file]);
    if (done.length > 0) continue;
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migration (id) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}

/**
 * Statements end with `;` at the end of a line; inside a dollar-quoted function body (`$$ ... $$`, migration 018)
 * they do not. Comment lines are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inBody) continue;
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, '').trim());
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter((statement) => statement.length > 0);
}
