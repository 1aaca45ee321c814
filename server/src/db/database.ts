import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgliteStatements } from './pglitePrepared';

/** What the modules need from the database; the same on embedded PGlite and a PostgreSQL server. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: everything or nothing is written. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements at once, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create(path.join(dataDir, 'pgdata')) : await PGlite.create();
  const statements = new PgliteStatements(db);
  // PGlite's own locks, taken as its query() takes them: a statement never runs inside another caller's
  // transaction, and inside `transaction()` (which holds the transaction lock) statements take turns.
  const inTurn = <T>(run: () => Promise<T>) => db._runExclusiveQuery(run);
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []) {
      return db._runExclusiveTransaction(() => inTurn(() => statements.query<Row>(sql, params)));
    },
    async transaction(work) {
      return db.transaction(() =>
        work({
          async query<Row>(sql: string, params: unknown[] = []) {
            return inTurn(() => statements.query<Row>(sql, params));
          },
        }),
      );
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}

/** `schema` isolates parallel test runs on one PostgreSQL database. */
export async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  if (schema) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: schema ? `-c search_path="${schema}"` : undefined,
  });
  // Dates stay ISO strings: the API answers them as they are.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as Row[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<Row>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as Row[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir?: string; schema?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.schema) : openPglite(options.dataDir);
}
