import { countLookups } from '../../core/db/cacheLookups';
import type { KeyOrder } from '../../core/db/keyOrderCache';

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
  /** Already lower-cased the database's way (see lowerAsDatabase in core/db/rows.ts). */
  search?: string;
  status: 'all' | 'active' | 'inactive';
  role?: string;
}

/**
 * A client's members (not archived) in the database's ascending order of each sort key, kept for the client's
 * member list version (migration 005), so that a search, a filter, a sort or a page of a list never read before is
 * answered by filtering that order in memory: the scale benchmark measured every new 2-3 letter search as a scan and sort of the
 * client's 10,000 members in the database.
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
  /** Per client, the search terms' matches shared by every sort order read at the same version. */
  private readonly terms = new Map<string, { version: string; terms: ClientTerms }>();
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
      countLookups('member-search-index', 'hit');
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.sorted;
    }
    const loadId = `${version}|${id}`;
    const pending = this.loading.get(loadId);
    if (pending) {
      countLookups('member-search-index', 'hit');
      return pending;
    }
    countLookups('member-search-index', 'miss');
    const loaded = load()
      .then((rows) => (rows ? new SortedMembers(rows, this.termsOf(clientUuid, version)) : null))
      .finally(() => this.loading.delete(loadId));
    this.loading.set(loadId, loaded);
    const sorted = await loaded;
    if (sorted) this.keep(id, version, sorted);
    return sorted;
  }

  get size(): number {
    return this.rowsKept;
  }

  private termsOf(clientUuid: string, version: string): ClientTerms {
    const kept = this.terms.get(clientUuid);
    if (kept?.version === version) return kept.terms;
    const terms = new ClientTerms();
    // An older version's read must not throw away the newer one's terms (it just gets terms of its own).
    if (!kept || !(BigInt(kept.version) > BigInt(version))) this.terms.set(clientUuid, { version, terms });
    return terms;
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
    const clientUuid = id.slice(0, id.indexOf('|'));
    if (![...this.entries.keys()].some((other) => other.startsWith(`${clientUuid}|`))) this.terms.delete(clientUuid);
  }
}

/**
 * One client's members at one version, each with a number of its own, and which of them each search term matches
 * (one byte per member): tested once per term, whatever the sort order asked for.
 */
export class ClientTerms {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly matches = new Map<string, Uint8Array>();

  constructor(private readonly maxTerms = 256) {}

  /** The member's number (given on first sight). */
  idOf(row: SearchRow): number {
    let id = this.ids.get(row.uuid);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(row.uuid, id);
      this.texts.push(row.text);
    }
    return id;
  }

  /** 1 at the number of every member whose search text holds `term`; kept for the least recently used `maxTerms`. */
  matchesOf(term: string): Uint8Array {
    const kept = this.matches.get(term);
    if (kept && kept.length === this.texts.length) {
      this.matches.delete(term);
      this.matches.set(term, kept);
      return kept;
    }
    const found = new Uint8Array(this.texts.length);
    for (const [id, text] of this.texts.entries()) if (text.includes(term)) found[id] = 1;
    if (this.matches.size >= this.maxTerms) {
      const [oldest] = this.matches.keys();
      if (oldest !== undefined) this.matches.delete(oldest);
    }
    this.matches.set(term, found);
    return found;
  }
}

/**
 * One client's members in the ascending order of one sort key. An admin typing searches 2-3 letters long in varied
 * sorts and pages repeats the same few terms: each term is tested against every member's text once per
 * version (ClientTerms, shared by every sort order), and a page is a walk over one byte per member instead of 10,000
 * substring tests (and no key list of every match is built and kept).
 */
export class SortedMembers {
  /** Each position's member number in `terms`. */
  private readonly ids: Uint32Array;

  constructor(
    readonly rows: readonly SearchRow[],
    private readonly terms: ClientTerms = new ClientTerms(),
  ) {
    this.ids = Uint32Array.from(rows, (row) => terms.idOf(row));
  }

  /**
   * The keys of one page of the members that pass `filter`, in the order asked for, and how many pass in all. The
   * order of the database's `ORDER BY` (descending: the non-NULL rows reversed, then the NULL rows reversed: every
   * ORDER BY column flips, NULLS LAST keeps NULLs at the end).
   */
  page(filter: SearchFilter, direction: 'asc' | 'desc', offset: number, limit: number): KeyOrder {
    const found = filter.search === undefined ? null : this.terms.matchesOf(filter.search);
    const keys: string[] = [];
    let total = 0;
    const visit = (index: number) => {
      const row = this.rows[index] as SearchRow;
      if (found && found[this.ids[index] as number] === 0) return;
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
