import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import {
  errorCodeOf,
  isUniqueViolation,
  PG_ADMIN_SHUTDOWN,
  PG_CANNOT_CONNECT_NOW,
  PG_CONNECTION_EXCEPTION_CLASS,
  PG_CRASH_SHUTDOWN,
  PG_DUPLICATE_SCHEMA,
  PG_TOO_MANY_CONNECTIONS,
} from './errorCodes';
import { PgliteStatements } from './pglitePrepared';
import { PostgresStatements } from './postgresPrepared';

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
  /**
   * Runs `work` while holding a database-wide lock named by `key`, so that several servers on one PostgreSQL never run
   * it at the same time (migrations and seeding at start). Embedded PGlite serves one process: no lock needed.
   */
  exclusively<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Embedded PGlite only: a consistent copy of the data folder as a gzipped tar (PGlite's dumpDataDir), taken while
   * no statement and no transaction runs, after a checkpoint; `restorePglite` makes a data folder of it.
   */
  snapshot?(): Promise<Blob>;
  readonly kind: 'pglite' | 'postgres';
  /** Connections for the metrics: the pg pool's on PostgreSQL; PGlite is one connection in this process. */
  poolStats(): { total: number; idle: number; waiting: number };
}

/** The advisory-lock keys of `exclusively` (one number per kind of work, fixed: other instances must use the same). */
export const LOCK_KEYS = { migrate: 4242, seed: 4243, content: 4244 } as const;

/**
 * The database cannot be reached (stopped, connection cut or refused, timed out): answered 503 Database.Unavailable,
 * not 500, because it is a state of the system that passes, not a bug.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Network error codes of Node, and PostgreSQL's SQLSTATEs that mean "no usable connection" rather than "bad query". */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  PG_ADMIN_SHUTDOWN,
  PG_CRASH_SHUTDOWN,
  PG_CANNOT_CONNECT_NOW,
  PG_TOO_MANY_CONNECTIONS,
]);
/** node-postgres reports a lost or timed-out connection with plain messages and no code. */
const CONNECTION_ERROR_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|connection error/i;

export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = errorCodeOf(error);
  if (code && (CONNECTION_ERROR_CODES.has(code) || code.startsWith(PG_CONNECTION_EXCEPTION_CLASS))) return true;
  return CONNECTION_ERROR_MESSAGES.test(error.message);
}

function unavailableOr(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

/**
 * How long a call may wait for the database (env, milliseconds): for a free or new connection, and for one statement.
 * A database that is gone then answers within seconds instead of holding the call (and the pool) for good.
 */
export interface PostgresTimeouts {
  connectMs: number;
  statementMs: number;
}

/** How long an instance waits for another one's start-up work (migrations, seeding) before it gives up. */
const LOCK_WAIT_MS = 30 * 60_000;

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, statementMs: 60_000 };

/**
 * `template`: a tarball of a data folder (plain or gzipped) with every migration applied (written by the server
 * build, template-cli.ts), restored when `dataDir` holds no database yet: a fraction of what PGlite's initdb takes at
 * start-up.
 */
export async function openPglite(dataDir: string | undefined, template?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  // In memory (no dataDir) a template is restored every time: the API tests' seeded copy (server/test/globalSetup.ts).
  const fromTemplate = template !== undefined && existsSync(template) && !(pgdata && existsSync(pgdata));
  const db = fromTemplate
    ? await PGlite.create({ ...(pgdata ? { dataDir: pgdata } : {}), loadDataDir: new Blob([readFileSync(template)]) })
    : pgdata
      ? await PGlite.create(pgdata)
      : await PGlite.create();
  const statements = new PgliteStatements(db);
  // PGlite's own locks, taken as its query() takes them: a statement never runs inside another caller's
  // transaction, and inside `transaction()` (which holds the transaction lock) statements take turns.
  const inTurn = <T>(run: () => Promise<T>) => db._runExclusiveQuery(run);
  return {
    kind: 'pglite',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
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
    exclusively(_key, work) {
      return work();
    },
    snapshot() {
      // Both of PGlite's locks: no other caller's transaction is half-way while the files are read.
      return db._runExclusiveTransaction(async () => {
        await inTurn(() => statements.query('CHECKPOINT', []));
        return db.dumpDataDir('gzip');
      });
    },
  };
}

/** Makes `dataDir` a data folder holding the copy `snapshot` took (the folder must not hold a database yet). */
export async function restorePglite(dataDir: string, snapshot: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { loadDataDir: snapshot });
  await db.query('SELECT 1');
  await db.close();
}

/** `schema` isolates parallel test runs on one PostgreSQL database, and names where a server keeps its tables. */
export async function openPostgres(
  connectionString: string,
  schema?: string,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): Promise<Database> {
  // Loaded only here: an embedded-database start does not pay for it (start-up).
  const { default: pg } = await import('pg');
  if (schema) await createSchema(connectionString, schema, timeouts);
  const statements = new PostgresStatements();
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: schema ? `-c search_path="${schema}"` : undefined,
    // A free connection or a new one within this long, else the call fails (503) instead of queueing for good.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server ends a statement that runs too long; the client stops waiting a little later, for a server that
    // no longer answers at all (a cut network does not always reset the connection).
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 5_000,
    keepAlive: true,
  });
  // Dates stay ISO strings: the API answers them as they are.
  // An idle connection that breaks is dropped by the pool; the next call opens a new one (reconnects by itself).
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailableOr(error);
    }
  };
  return {
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<Row>(sql: string, params: unknown[] = []) {
      return run(async () => (await statements.run(pool, sql, params)).rows as Row[]);
    },
    async transaction(work) {
      const client = await run(() => pool.connect());
      // A connection that breaks between two statements of the transaction emits 'error' on the client, which
      // nobody else listens to while it is checked out: without this the process would end.
      const onError = () => undefined;
      client.on('error', onError);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          async query<Row>(sql: string, params: unknown[] = []) {
            return run(async () => (await statements.run(client, sql, params, true)).rows as Row[]);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // Without a connection there is nothing to roll back: the server drops the transaction with it.
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw unavailableOr(error);
      } finally {
        client.off('error', onError);
        // A broken connection is closed, not given back to the pool for the next call.
        client.release(broken);
      }
    },
    async exec(sql) {
      await run(() => pool.query(sql));
    },
    async close() {
      await pool.end();
    },
    async exclusively(key, work) {
      // A session-level lock on a connection of its own, held while `work` uses the pool as usual.
      const client = await run(() => pool.connect());
      const onError = () => undefined;
      client.on('error', onError);
      try {
        // Waiting for another instance's migrations may take longer than one statement may: no time limit here.
        await client.query('SET statement_timeout = 0');
        // query_timeout per query: read by node-postgres (client.js), missing from its types.
        const lock: pg.QueryConfig & { query_timeout: number } = {
          // Per schema: servers (and test runs) on other schemas of the same database do not wait for each other.
          text: 'SELECT pg_advisory_lock(hashtext(current_schema()), $1)',
          values: [key],
          query_timeout: LOCK_WAIT_MS,
        };
        await client.query(lock);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext(current_schema()), $1)', [key]).catch(() => undefined);
          await client.query('RESET statement_timeout').catch(() => undefined);
        }
      } finally {
        client.off('error', onError);
        client.release();
      }
    },
  };
}

/** Two servers starting at once both create the schema: the second one's "already exists" is fine. */
async function createSchema(connectionString: string, schema: string, timeouts: PostgresTimeouts): Promise<void> {
  const { default: pg } = await import('pg');
  const setup = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '""')}"`);
  } catch (error) {
    // unique_violation on pg_namespace, duplicate_schema: the other server won the race.
    if (!isUniqueViolation(error) && errorCodeOf(error) !== PG_DUPLICATE_SCHEMA) throw error;
  } finally {
    await setup.end();
  }
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  schema?: string;
  timeouts?: PostgresTimeouts;
  pgliteTemplate?: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema, options.timeouts)
    : openPglite(options.dataDir, options.pgliteTemplate);
}
