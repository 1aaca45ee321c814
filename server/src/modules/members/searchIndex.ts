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
  private readonly entries = new Map<string, { version: string; rows: readonly SearchRow[] }>();
  private readonly loading = new Map<string, Promise<readonly SearchRow[] | null>>();
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
  ): Promise<readonly SearchRow[] | null> {
    const id = `${clientUuid}|${sortBy}`;
    const hit = this.entries.get(id);
    if (hit?.version === version) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.rows;
    }
    const loadId = `${version}|${id}`;
    const pending = this.loading.get(loadId);
    if (pending) return pending;
    const loaded = load().finally(() => this.loading.delete(loadId));
    this.loading.set(loadId, loaded);
    const rows = await loaded;
    if (rows) this.keep(id, version, rows);
    return rows;
  }

  get size(): number {
    return this.rowsKept;
  }

  private keep(id: string, version: string, rows: readonly SearchRow[]): void {
    const kept = this.entries.get(id);
    // Versions only grow: a slow read of an older version never replaces a newer one.
    if (kept && BigInt(kept.version) > BigInt(version)) return;
    this.remove(id);
    if (rows.length > this.maxRowsInAll) return;
    for (const [oldest] of this.entries) {
      if (this.rowsKept + rows.length <= this.maxRowsInAll) break;
      this.remove(oldest);
    }
    this.entries.set(id, { version, rows });
    this.rowsKept += rows.length;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.rowsKept -= entry.rows.length;
  }
}

/** The keys of the rows that pass `filter`, in the order asked for, from the ascending order of the sort key. */
export function searchOrder(
  ascending: readonly SearchRow[],
  filter: SearchFilter,
  direction: 'asc' | 'desc',
): KeyOrder {
  const matches = ascending.filter(
    (row) =>
      (filter.status === 'all' || row.status === filter.status) &&
      (filter.role === undefined || row.role === filter.role) &&
      (filter.search === undefined || row.text.includes(filter.search)),
  );
  if (direction === 'asc') return { total: matches.length, keys: matches.map((row) => row.uuid) };
  // `col DESC NULLS LAST, … DESC`: the non-NULL rows reversed, then the NULL rows reversed (their tie-breakers flip too).
  const keys: string[] = [];
  for (let index = matches.length - 1; index >= 0; index--) {
    const row = matches[index] as SearchRow;
    if (!row.sortNull) keys.push(row.uuid);
  }
  for (let index = matches.length - 1; index >= 0; index--) {
    const row = matches[index] as SearchRow;
    if (row.sortNull) keys.push(row.uuid);
  }
  return { total: matches.length, keys };
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
