import { describe, expect, it } from 'vitest';
import { lowerLikeDatabase, MemberSearchIndex, type SearchRow, SortedMembers } from './searchIndex';

const row = (uuid: string, text: string, sortNull = false, status = 'active', role = 'member'): SearchRow => ({
  uuid,
  text,
  sortNull,
  status,
  role,
});

describe('SortedMembers.page', () => {
  // Ascending order as the database gives it for a nullable sort column: NULLs last.
  const sorted = () =>
    new SortedMembers([
      row('a', 'anna'),
      row('b', 'bernd', false, 'inactive'),
      row('c', 'carla'),
      row('n1', 'nina', true),
      row('n2', 'nora', true, 'active', 'admin'),
    ]);

  it('keeps the ascending order, filtering by substring, status and role', () => {
    const members = sorted();
    expect(members.page({ status: 'all', search: 'n' }, 'asc', 0, 25)).toEqual({
      total: 4,
      keys: ['a', 'b', 'n1', 'n2'],
    });
    expect(members.page({ status: 'inactive' }, 'asc', 0, 25).keys).toEqual(['b']);
    expect(members.page({ status: 'all', role: 'admin' }, 'asc', 0, 25).keys).toEqual(['n2']);
    // Wildcards are plain characters.
    expect(members.page({ status: 'all', search: '%' }, 'asc', 0, 25).total).toBe(0);
  });

  it('reverses for descending but keeps NULLs last (col DESC NULLS LAST, uuid DESC)', () => {
    expect(sorted().page({ status: 'all' }, 'desc', 0, 25).keys).toEqual(['c', 'b', 'a', 'n2', 'n1']);
  });

  it('answers one page with the total of every match, in both directions', () => {
    const members = sorted();
    expect(members.page({ status: 'all', search: 'n' }, 'asc', 1, 2)).toEqual({ total: 4, keys: ['b', 'n1'] });
    expect(members.page({ status: 'all', search: 'n' }, 'desc', 1, 2)).toEqual({ total: 4, keys: ['a', 'n2'] });
    expect(members.page({ status: 'all', search: 'n' }, 'asc', 4, 2)).toEqual({ total: 4, keys: [] });
  });

  it("tests a term against every member's text once, and again only after it was let go", () => {
    const rows = [row('a', 'anna'), row('b', 'bernd')];
    let tests = 0;
    for (const each of rows) {
      const text = each.text;
      Object.defineProperty(each, 'text', {
        get: () => {
          tests++;
          return text;
        },
      });
    }
    const members = new SortedMembers(rows, 1);
    members.page({ status: 'all', search: 'n' }, 'asc', 0, 25);
    members.page({ status: 'all', search: 'n' }, 'desc', 0, 1);
    expect(tests).toBe(2);
    members.page({ status: 'all', search: 'b' }, 'asc', 0, 25);
    members.page({ status: 'all', search: 'n' }, 'asc', 0, 25);
    expect(tests).toBe(6);
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
