// Prints a connection string for the PostgreSQL server on 127.0.0.1:5432 when one answers (used by .ci/run).
import pg from 'pg';

const candidates = [
  process.env.DATABASE_URL,
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://root@127.0.0.1:5432/test',
].filter(Boolean);

for (const connectionString of candidates) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    await client.end();
    console.log(connectionString);
    process.exit(0);
  } catch {
    await client.end().catch(() => undefined);
  }
}
process.exit(0);
