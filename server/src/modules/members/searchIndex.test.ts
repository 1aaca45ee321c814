import { describe, expect, it } from 'vitest';
import { ClientTerms, MemberSearchIndex, type SearchRow, SortedMembers } from './searchIndex';

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
    const terms = new ClientTerms(1);
    const members = new SortedMembers([row('a', 'anna'), row('b', 'bernd')], terms);
    members.page({ status: 'all', search: 'n' }, 'asc', 0, 25);
    const first = terms.matchesOf('n');
    members.page({ status: 'all', search: 'n' }, 'desc', 0, 1);
    expect(terms.matchesOf('n')).toBe(first);
    expect([...first]).toEqual([1, 1]);
    // A second term takes the only place: the first is tested again when asked again.
    members.page({ status: 'all', search: 'b' }, 'asc', 0, 25);
    expect(terms.matchesOf('n')).not.toBe(first);
  });

  it('shares the terms of one version between sort orders: another order of the same members tests nothing again', () => {
    const terms = new ClientTerms();
    const byName = new SortedMembers([row('a', 'anna'), row('b', 'bernd'), row('c', 'carla')], terms);
    const byMail = new SortedMembers([row('c', 'carla'), row('a', 'anna'), row('b', 'bernd')], terms);
    expect(byName.page({ status: 'all', search: 'a' }, 'asc', 0, 25).keys).toEqual(['a', 'c']);
    const matches = terms.matchesOf('a');
    expect(byMail.page({ status: 'all', search: 'a' }, 'asc', 0, 25).keys).toEqual(['c', 'a']);
    expect(terms.matchesOf('a')).toBe(matches);
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
