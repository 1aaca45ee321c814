import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeringPostgres, dropSchema, schemaName } from '../../../test/serverProcess';
import { type Database, openPostgres } from './database';
import { GENERIC_PLAN_MARK } from './postgresPrepared';

// PostgreSQL only (CI runs the API tests again with DATABASE_URL): PGlite has statements of its own.
const url = await answeringPostgres();
const schema = schemaName('prepared');
let db: Database;

beforeAll(async () => {
  if (!url) return;
  db = await openPostgres(url, schema);
  await db.exec('CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL)');
  await db.query("INSERT INTO item VALUES (1, 'first'), (2, 'second')");
});

afterAll(async () => {
  await db?.close();
  if (url) await dropSchema(url, schema);
});

describe.skipIf(!url)('PostgreSQL prepared statements', () => {
  it('prepares each SQL text once per connection and answers as an unnamed query would', async () => {
    const text = 'SELECT id, name FROM item WHERE id = $1';
    expect(await db.query(text, [1])).toEqual([{ id: 1, name: 'first' }]);
    expect(await db.query(text, [2])).toEqual([{ id: 2, name: 'second' }]);
    const prepared = await db.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    // pg_prepared_statements shows the statements of the connection that answers: the pool may use another one.
    expect(prepared.length).toBeLessThanOrEqual(1);
    await db.transaction(async (tx) => {
      expect(await tx.query(text, [1])).toEqual([{ id: 1, name: 'first' }]);
      const mine = await tx.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [text]);
      expect(mine).toEqual([{ n: 1 }]);
    });
  });

  it('plans a statement with a list parameter for its values each time (never a generic plan for 1 and 1,000)', async () => {
    const text = 'SELECT id FROM item WHERE id = ANY($1::int[]) ORDER BY id';
    for (let round = 0; round < 8; round++) expect(await db.query(text, [[1, 2]])).toEqual([{ id: 1 }, { id: 2 }]);
    await db.transaction(async (tx) => {
      await tx.query(text, [[1]]);
      const prepared = await tx.query('SELECT 1 FROM pg_prepared_statements WHERE statement = $1', [text]);
      expect(prepared).toEqual([]);
      // Unless its text says that one plan serves every list.
      const marked = `SELECT id FROM item WHERE id = ANY($1::int[]) ORDER BY id ${GENERIC_PLAN_MARK}`;
      expect(await tx.query(marked, [[2]])).toEqual([{ id: 2 }]);
      expect(await tx.query('SELECT 1 FROM pg_prepared_statements WHERE statement = $1', [marked])).toHaveLength(1);
    });
  });

  it('prepares a statement again after a migration changed the columns it answers', async () => {
    const text = 'SELECT * FROM item WHERE id = $1';
    // Every pooled connection prepares the statement first.
    await Promise.all(Array.from({ length: 12 }, () => db.query(text, [1])));
    await db.exec('ALTER TABLE item ADD COLUMN size int');
    // "cached plan must not change result type" on each connection that had it: renamed and retried once.
    const answers = await Promise.all(Array.from({ length: 12 }, () => db.query(text, [1])));
    for (const answer of answers) expect(answer).toEqual([{ id: 1, name: 'first', size: null }]);
  });
});
