// A PostgreSQL server for the bench: DATABASE_URL or one on 127.0.0.1:5432, and a throw-away schema in it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const LOCAL_CANDIDATES = ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

async function answers(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const rows = await client.query('SHOW server_version');
    return rows.rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL when set (it must answer: the caller asked for it), else the first local candidate that answers,
 * else null. Answers { url, version }.
 */
export async function findPostgres() {
  if (process.env.DATABASE_URL) {
    const url = process.env.DATABASE_URL;
    return { url, version: await answers(url) };
  }
  for (const url of LOCAL_CANDIDATES) {
    try {
      return { url, version: await answers(url) };
    } catch {
      // Try the next one.
    }
  }
  return null;
}

/** Connection string whose sessions use only `schema` (libpq `options`, which pg passes to the server). */
export function withSearchPath(connectionString, schema) {
  const url = new URL(connectionString);
  url.searchParams.delete('options');
  const separator = url.search ? '&' : '?';
  return `${url.toString()}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Creates a fresh schema `bench_<random>`; drop() removes it with everything in it. */
export async function createBenchSchema(connectionString) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
  } finally {
    await client.end();
  }
  let dropped = false;
  return {
    schema,
    url: withSearchPath(connectionString, schema),
    async drop() {
      if (dropped) return;
      dropped = true;
      const cleanup = new pg.Client({ connectionString });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Anything but the password of a connection string, for the report. */
export function redact(connectionString) {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable connection string)';
  }
}
