import { VersionedCache } from './versionedCache';

/** The keys of a table's rows for one filter and sort, in order, or only their number when there are too many. */
export interface KeyOrder {
  total: number;
  /** null: more than `maxKeysPerList`, so not kept; the caller reads the page with OFFSET instead. */
  keys: readonly string[] | null;
}

/**
 * Keeps the order of a table call (the row keys for one filter and sort) for as long as the data version it was
 * read at is the current one (see VersionedCache), so that paging and re-reading a table reads 25 rows by key
 * instead of walking and counting every matching row again (on embedded PGlite that walk is most of a call's time).
 * Least recently used lists go first once `maxKeysInAll` keys are kept; an order of no keys weighs one, so that
 * many empty lists cannot pile up either.
 */
export class KeyOrderCache extends VersionedCache<KeyOrder> {
  constructor(
    name: string,
    readonly maxKeysPerList = 100_000,
    maxKeysInAll = 400_000,
  ) {
    super(maxKeysInAll, (order) => Math.max(1, order.keys?.length ?? 0), name);
  }
}
