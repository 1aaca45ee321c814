import { describe, expect, it } from 'vitest';
import { cacheLookups } from './cacheLookups';
import { VersionedRowCache } from './versionedRowCache';

/** A table in memory: rows by key, and a log of the keys each read asked for. */
function table(rows: Record<string, string>) {
  const reads: string[][] = [];
  const load = async (missing: string[]): Promise<Array<[string, string]>> => {
    reads.push(missing);
    return missing.flatMap((key): Array<[string, string]> => (rows[key] ? [[key, rows[key]]] : []));
  };
  return { rows, reads, load };
}

describe('VersionedRowCache', () => {
  it('reads only the rows it does not hold for the current version', async () => {
    const cache = new VersionedRowCache<string>('test-rows');
    const data = table({ a: 'A', b: 'B', c: 'C' });
    expect([...(await cache.get('acme', '1', ['a', 'b'], data.load))]).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect([...(await cache.get('acme', '1', ['b', 'c'], data.load))]).toEqual([
      ['b', 'B'],
      ['c', 'C'],
    ]);
    await cache.get('acme', '1', ['a', 'b', 'c'], data.load);
    expect(data.reads).toEqual([['a', 'b'], ['c']]);
  });

  it('counts rows answered from memory as hits and rows read as misses, under its name', async () => {
    const cache = new VersionedRowCache<string>('test-rows-counted');
    const data = table({ a: 'A', b: 'B', c: 'C' });
    await cache.get('acme', '1', ['a', 'b'], data.load);
    await cache.get('acme', '1', ['a', 'b', 'c'], data.load);
    expect(cacheLookups().get('test-rows-counted')).toEqual({ hit: 2, miss: 3 });
  });

  it('reads everything again for a new version, and never keeps what a caller of an older version read', async () => {
    const cache = new VersionedRowCache<string>('test-rows');
    const data = table({ a: 'A' });
    await cache.get('acme', '1', ['a'], data.load);
    data.rows.a = 'A2';
    expect((await cache.get('acme', '2', ['a'], data.load)).get('a')).toBe('A2');
    // A call that read version 1 before the change: its rows are read, not taken from version 2 nor kept.
    data.rows.a = 'A-old';
    expect((await cache.get('acme', '1', ['a'], data.load)).get('a')).toBe('A-old');
    expect((await cache.get('acme', '2', ['a'], data.load)).get('a')).toBe('A2');
    expect(data.reads).toEqual([['a'], ['a'], ['a']]);
  });

  it('keeps scopes apart and leaves out keys the table does not answer', async () => {
    const cache = new VersionedRowCache<string>('test-rows');
    const acme = table({ a: 'acme A' });
    const globex = table({ a: 'globex A' });
    expect((await cache.get('acme', '1', ['a', 'gone'], acme.load)).has('gone')).toBe(false);
    expect((await cache.get('globex', '1', ['a'], globex.load)).get('a')).toBe('globex A');
    expect((await cache.get('acme', '1', ['a'], acme.load)).get('a')).toBe('acme A');
  });

  it('lets the least recently used scope go once more than its maximum of rows is kept', async () => {
    const cache = new VersionedRowCache<string>('test-rows', 3);
    const data = table({ a: 'A', b: 'B', c: 'C' });
    await cache.get('first', '1', ['a', 'b'], data.load);
    await cache.get('second', '1', ['c'], data.load);
    await cache.get('first', '1', ['a'], data.load);
    await cache.get('third', '1', ['a'], data.load);
    expect(cache.size).toBeLessThanOrEqual(3);
    data.reads.length = 0;
    await cache.get('first', '1', ['a', 'b'], data.load);
    await cache.get('second', '1', ['c'], data.load);
    expect(data.reads).toEqual([['c']]);
    // One scope asking for more than the maximum still gets its rows.
    expect((await cache.get('big', '1', ['a', 'b', 'c', 'a'], data.load)).size).toBe(3);
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});
