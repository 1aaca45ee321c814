import { describe, expect, it } from 'vitest';
import { lowerLikeDatabase, MemberSearchIndex, type SearchRow, searchOrder } from './searchIndex';

const row = (uuid: string, text: string, sortNull = false, status = 'active', role = 'member'): SearchRow => ({
  uuid,
  text,
  sortNull,
  status,
  role,
});

describe('searchOrder', () => {
  // Ascending order as the database gives it for a nullable sort column: NULLs last.
  const ascending = [
    row('a', 'anna'),
    row('b', 'bernd', false, 'inactive'),
    row('c', 'carla'),
    row('n1', 'nina', true),
    row('n2', 'nora', true, 'active', 'admin'),
  ];

  it('keeps the ascending order, filtering by substring, status and role', () => {
    expect(searchOrder(ascending, { status: 'all', search: 'n' }, 'asc')).toEqual({
      total: 4,
      keys: ['a', 'b', 'n1', 'n2'],
    });
    expect(searchOrder(ascending, { status: 'inactive' }, 'asc').keys).toEqual(['b']);
    expect(searchOrder(ascending, { status: 'all', role: 'admin' }, 'asc').keys).toEqual(['n2']);
    // Wildcards are plain characters.
    expect(searchOrder(ascending, { status: 'all', search: '%' }, 'asc').total).toBe(0);
  });

  it('reverses for descending but keeps NULLs last (col DESC NULLS LAST, uuid DESC)', () => {
    expect(searchOrder(ascending, { status: 'all' }, 'desc').keys).toEqual(['c', 'b', 'a', 'n2', 'n1']);
  });
});

describe('lowerLikeDatabase', () => {
  it('lower-cases ASCII itself and leaves anything else to the database', () => {
    expect(lowerLikeDatabase('AbC.1%')).toBe('abc.1%');
    expect(lowerLikeDatabase('ÄN')).toBeNull();
  });
});

describe('MemberSearchIndex', () => {
  it('reads an order once per version, once for calls arriving together, again for a new version', async () => {
    const index = new MemberSearchIndex(100, 1000);
    let loads = 0;
    const load = async () => {
      loads++;
      return [row('a', 'anna')];
    };
    await Promise.all([index.ascending('c1', 'lastName', '1', load), index.ascending('c1', 'lastName', '1', load)]);
    await index.ascending('c1', 'lastName', '1', load);
    expect(loads).toBe(1);
    await index.ascending('c1', 'lastName', '2', load);
    expect(loads).toBe(2);
    // A slow read of an older version does not replace the newer one.
    await index.ascending('c1', 'lastName', '1', load);
    await index.ascending('c1', 'lastName', '2', load);
    expect(loads).toBe(3);
  });

  it('keeps at most maxRowsInAll rows, least recently used first out; too large a client is not kept', async () => {
    const index = new MemberSearchIndex(100, 3);
    const rows = (count: number) => async () => Array.from({ length: count }, (_, n) => row(`${n}`, 'x'));
    await index.ascending('c1', 'lastName', '1', rows(2));
    await index.ascending('c2', 'lastName', '1', rows(2));
    expect(index.size).toBe(2);
    await index.ascending('c3', 'lastName', '1', rows(5));
    expect(index.size).toBe(2);
    expect(await index.ascending('c4', 'lastName', '1', async () => null)).toBeNull();
  });
});
