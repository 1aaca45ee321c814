import type { KeyOrder } from '../../db/keyOrderCache';

/** What a search needs of one member: its key, the filter columns and the search text (migration 004). */
export interface SearchRow {
  uuid: string;
  role: string;
  status: string;
  /** lower('first last' \n username \n email), exactly the column the database searches. */
  text: string;
  /** The sort column is NULL (e-mail, last sign-in): NULLS LAST in both directions. */
  sortNull: boolean;
}

export interface SearchFilter {
  /** Already lower-cased the database's way (see lowerLikeDatabase). */
  search?: string;
  status: 'all' | 'active' | 'inactive';
  role?: string;
}

/**
 * A client's members (not archived) in the database's ascending order of each sort key, kept for the client's
 * member list version (migration 005), so that a search, a filter, a sort or a page of a list never read before is
 * answered by filtering that order in memory: issue 18 measured every new 2-3 letter search as a scan and sort of the
 * client's 10,000 members in the database (p95 180 ms at 20 connections on 1,000,000 members).
 *
 * Results stay exactly the database's: the order is the database's own (its collation), descending is the exact
 * reverse of ascending (every ORDER BY column flips, NULLS LAST keeps NULLs at the end), and the search is the same
 * substring test as `search_text LIKE '%term%'` with wildcards taken literally. The version is read with the session,
 * before the order, so an order is never used for a version it does not show (as in KeyOrderCache).
 * Least recently used orders go first once `maxRowsInAll` rows are kept; a client above `maxRowsPerClient` members
 * is not kept (the caller reads from the database as before).
 */
export class MemberSearchIndex {
  private readonly entries = new Map<string, { version: string; sorted: SortedMembers }>();
  private readonly loading = new Map<string, Promise<SortedMembers | null>>();
  private rowsKept = 0;

  constructor(
    readonly maxRowsPerClient = 100_000,
    private readonly maxRowsInAll = 500_000,
  ) {}

  /** Ascending order of `sortBy` for the client at `version`: kept, or read by `load` (null: too many members). */
  async ascending(
    clientUuid: string,
    sortBy: string,
    version: string,
    load: () => Promise<SearchRow[] | null>,
  ): Promise<SortedMembers | null> {
    const id = `${clientUuid}|${sortBy}`;
    const hit = this.entries.get(id);
    if (hit?.version === version) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.sorted;
    }
    const loadId = `${version}|${id}`;
    const pending = this.loading.get(loadId);
    if (pending) return pending;
    const loaded = load()
      .then((rows) => (rows ? new SortedMembers(rows) : null))
      .finally(() => this.loading.delete(loadId));
    this.loading.set(loadId, loaded);
    const sorted = await loaded;
    if (sorted) this.keep(id, version, sorted);
    return sorted;
  }

  get size(): number {
    return this.rowsKept;
  }

  private keep(id: string, version: string, sorted: SortedMembers): void {
    const kept = this.entries.get(id);
    // Versions only grow: a slow read of an older version never replaces a newer one.
    if (kept && BigInt(kept.version) > BigInt(version)) return;
    this.remove(id);
    if (sorted.rows.length > this.maxRowsInAll) return;
    for (const [oldest] of this.entries) {
      if (this.rowsKept + sorted.rows.length <= this.maxRowsInAll) break;
      this.remove(oldest);
    }
    this.entries.set(id, { version, sorted });
    this.rowsKept += sorted.rows.length;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.rowsKept -= entry.sorted.rows.length;
  }
}

/**
 * One client's members in the ascending order of one sort key, with the members each search term matches kept as
 * one byte per member in that order: an admin typing searches 2-3 letters long in varied sorts and pages (issue 18)
 * repeats the same few terms, so each term is tested against every member's text once per version, and a page is a
 * walk over those bytes instead of 10,000 substring tests (and no key list of every match is built and kept).
 */
export class SortedMembers {
  private readonly matches = new Map<string, Uint8Array>();

  constructor(
    readonly rows: readonly SearchRow[],
    private readonly maxTerms = 256,
  ) {}

  /** One byte per member, 1 where `term` is in his search text; kept for the least recently used `maxTerms`. */
  matchesOf(term: string): Uint8Array {
    const kept = this.matches.get(term);
    if (kept) {
      this.matches.delete(term);
      this.matches.set(term, kept);
      return kept;
    }
    const found = new Uint8Array(this.rows.length);
    for (const [index, row] of this.rows.entries()) if (row.text.includes(term)) found[index] = 1;
    if (this.matches.size >= this.maxTerms) {
      const [oldest] = this.matches.keys();
      if (oldest !== undefined) this.matches.delete(oldest);
    }
    this.matches.set(term, found);
    return found;
  }

  /**
   * The keys of one page of the members that pass `filter`, in the order asked for, and how many pass in all. The
   * order of the database's `ORDER BY` (descending: the non-NULL rows reversed, then the NULL rows reversed: every
   * ORDER BY column flips, NULLS LAST keeps NULLs at the end).
   */
  page(filter: SearchFilter, direction: 'asc' | 'desc', offset: number, limit: number): KeyOrder {
    const found = filter.search === undefined ? null : this.matchesOf(filter.search);
    const keys: string[] = [];
    let total = 0;
    const visit = (index: number) => {
      const row = this.rows[index] as SearchRow;
      if (found && found[index] === 0) return;
      if (filter.status !== 'all' && row.status !== filter.status) return;
      if (filter.role !== undefined && row.role !== filter.role) return;
      if (total >= offset && keys.length < limit) keys.push(row.uuid);
      total++;
    };
    if (direction === 'asc') {
      for (let index = 0; index < this.rows.length; index++) visit(index);
    } else {
      for (let index = this.rows.length - 1; index >= 0; index--) if (!this.rows[index]?.sortNull) visit(index);
      for (let index = this.rows.length - 1; index >= 0; index--) if (this.rows[index]?.sortNull) visit(index);
    }
    return { total, keys };
  }
}

/**
 * `lower(term)` as the database computes it when that is certain without asking: ASCII letters lower-case the same
 * in every locale but Turkish, which no database of ours uses. Anything else returns null: ask the database (its
 * lower() follows its LC_CTYPE, e.g. the C locale leaves 'Ä' alone, which JavaScript would not).
 */
export function lowerLikeDatabase(term: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is meant
  return /^[\x00-\x7f]*$/.test(term) ? term.toLowerCase() : null;
}
