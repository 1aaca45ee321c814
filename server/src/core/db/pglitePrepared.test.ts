import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './database';
import { isUniqueViolation, PG_UNIQUE_VIOLATION } from './errorCodes';
import { PgliteStatements } from './pglitePrepared';

/** The embedded database through our adapter (prepared statements) and PGlite's own query(), side by side. */
let db: Database;
let plain: PGlite;

beforeAll(async () => {
  db = await openPglite(undefined);
  plain = await PGlite.create();
  const schema = `CREATE TABLE item (id uuid PRIMARY KEY, name text NOT NULL UNIQUE, tags text[], at timestamptz,
                  size bigint, ratio numeric, flag boolean, data jsonb, day date)`;
  await db.exec(schema);
  await plain.exec(schema);
});

afterAll(async () => {
  await db?.close();
  await plain?.close();
});

const ROW = [
  '7f3c1c36-5a0e-4a61-9b36-1b1f5b1f0a01',
  'first',
  ['a', 'b,c', 'd"e'],
  new Date('2026-11-23T05:00:00.123Z'),
  9007199254740993n,
  '12.50',
  true,
  { nested: [1, 'two', null] },
  '2026-02-28',
];
const INSERT = 'INSERT INTO item VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *';

describe('PGlite prepared statements', () => {
  it('answers rows exactly as PGlite query() does, for every type the server uses', async () => {
    const ours = await db.query(INSERT, ROW);
    const theirs = (await plain.query(INSERT, ROW)).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ name: 'first', tags: ['a', 'b,c', 'd"e'], flag: true, size: 9007199254740993n });
    const select = 'SELECT id, at, data FROM item WHERE id = ANY($1::uuid[]) AND name LIKE $2 AND at IS NOT NULL';
    const params = [[ROW[0]], 'fi%'];
    expect(await db.query(select, params)).toEqual((await plain.query(select, params)).rows);
    // Null parameters, and a statement used again with other values.
    expect(await db.query('SELECT $1::text IS NULL AS missing', [null])).toEqual([{ missing: true }]);
    expect(await db.query('SELECT $1::text IS NULL AS missing', ['x'])).toEqual([{ missing: false }]);
  });

  it('throws the database error with its code, and the next statements still work', async () => {
    await expect(db.query('SELEKT 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query(INSERT, ROW)).rejects.toSatisfy(isUniqueViolation);
    expect(await db.query('SELECT count(*)::int AS n FROM item')).toEqual([{ n: 1 }]);
  });

  it('writes all or nothing in a transaction, and a query waits until the transaction has ended', async () => {
    const second = ['7f3c1c36-5a0e-4a61-9b36-1b1f5b1f0a02', 'second', null, null, null, null, null, null, null];
    await expect(
      db.transaction(async (tx) => {
        await tx.query(INSERT, second);
        await tx.query(INSERT, ROW);
      }),
    ).rejects.toMatchObject({ code: PG_UNIQUE_VIOLATION });
    expect(await db.query('SELECT name FROM item ORDER BY name')).toEqual([{ name: 'first' }]);

    let release: () => void = () => undefined;
    let opened: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.query("UPDATE item SET name = 'renamed'");
      opened();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await tx.query("UPDATE item SET name = 'final'");
    });
    await inside;
    // Started while the transaction is open: it must neither see 'renamed' nor run inside the transaction.
    const outside = db.query<{ name: string }>('SELECT name FROM item');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await open;
    expect(await outside).toEqual([{ name: 'final' }]);
  });

  it('keeps at most its maximum of statements, closing the least recently used', async () => {
    const statements = new PgliteStatements(plain, 2);
    expect(await statements.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    await statements.query('SELECT 2 AS two', []);
    await statements.query('SELECT 1 AS one', []);
    await statements.query('SELECT 3 AS three', []);
    expect(statements.size).toBe(2);
    const names = await plain.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(names.rows.map((row) => row.statement).sort()).toEqual(['SELECT 1 AS one', 'SELECT 3 AS three']);
    expect(await statements.query('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
  });
});
