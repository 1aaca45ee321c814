import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { analyzeChangedTables, tablesNeedingAnalyze } from './statistics';

describe('statistics of embedded PGlite (what autovacuum does on PostgreSQL)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await db.exec('CREATE TABLE grows (n int); CREATE TABLE stays (n int); INSERT INTO stays VALUES (1)');
    await db.exec('ANALYZE grows; ANALYZE stays');
  });
  afterAll(() => db.close());

  it('re-analyses a table that grew past 50 rows + 10 %, and only that one', async () => {
    expect(await tablesNeedingAnalyze(db)).toEqual([]);
    await db.exec('INSERT INTO grows SELECT generate_series(1, 1000)');
    expect(await tablesNeedingAnalyze(db)).toEqual(['grows']);
    const before = await db.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'grows'");
    expect(before[0]?.reltuples).toBeLessThan(1000);
    expect(await analyzeChangedTables(db)).toEqual(['grows']);
    const after = await db.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'grows'");
    expect(after[0]?.reltuples).toBe(1000);
    expect(await tablesNeedingAnalyze(db)).toEqual([]);
  });

  it('leaves a table alone while its changes stay under 10 %', async () => {
    await db.exec('INSERT INTO grows SELECT generate_series(1, 100)');
    expect(await tablesNeedingAnalyze(db)).toEqual([]);
  });
});
