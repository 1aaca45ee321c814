/** The keys of a table's rows for one filter and sort, in order, or only their number when there are too many. */
export interface KeyOrder {
  total: number;
  /** null: more than `maxKeysPerList`, so not kept; the caller reads the page with OFFSET instead. */
  keys: readonly string[] | null;
}

/**
 * Keeps the order of a table call (the row keys for one filter and sort) for as long as the data version it was
 * read at is the current one, so that paging and re-reading a table reads 25 rows by key instead of walking and
 * counting every matching row again (on embedded PGlite that walk is most of a call's time).
 *
 * It is exact, not "a few seconds old": the version comes from the database (a counter the database moves in the
 * same transaction as every change, see migration 005) and is read before the order, so an order is never used
 * for a version it does not show. Least recently used lists go first once `maxKeysInAll` keys are kept.
 */
export class KeyOrderCache {
  private readonly entries = new Map<string, { version: string; order: KeyOrder }>();
  /** Reads under way, so that calls arriving together for a list not kept yet read it once. */
  private readonly loading = new Map<string, Promise<KeyOrder>>();
  private keysKept = 0;

  constructor(
    readonly maxKeysPerList = 100_000,
    private readonly maxKeysInAll = 400_000,
  ) {}

  /**
   * The order for `id` at `version`: kept, or read by `load` (which answers keys null when the list is longer
   * than `maxKeysPerList`). `id` must name everything the order depends on: client, filter, sort and who asks.
   */
  async get(id: string, version: string, load: () => Promise<KeyOrder>): Promise<KeyOrder> {
    const hit = this.entries.get(id);
    if (hit?.version === version) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.order;
    }
    const loadId = `${version}|${id}`;
    const pending = this.loading.get(loadId);
    if (pending) return pending;
    const loaded = load().finally(() => this.loading.delete(loadId));
    this.loading.set(loadId, loaded);
    const order = await loaded;
    this.keep(id, version, order);
    return order;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(id: string, version: string, order: KeyOrder): void {
    // Versions only grow: a slow read of an older version never replaces a newer one.
    const kept = this.entries.get(id);
    if (kept && BigInt(kept.version) > BigInt(version)) return;
    this.remove(id);
    const size = order.keys?.length ?? 0;
    if (size <= this.maxKeysInAll) {
      for (const [oldest] of this.entries) {
        if (this.keysKept + size <= this.maxKeysInAll) break;
        this.remove(oldest);
      }
      this.entries.set(id, { version, order });
      this.keysKept += size;
    }
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.keysKept -= entry.order.keys?.length ?? 0;
  }
}
