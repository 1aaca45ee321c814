/**
 * How often each in-memory cache answered from memory and how often it read the database, by cache name, for
 * GET /metrics (`cache_lookups_total`, modules/operations/metrics.ts) and the benchmark's hit rates. Counters of the
 * process: several apps in one process (tests) add to the same names.
 */
export type LookupResult = 'hit' | 'miss';

const lookups = new Map<string, { hit: number; miss: number }>();

/** Counts `count` lookups of `cache` with `result` (a row cache counts rows, the others whole values). */
export function countLookups(cache: string, result: LookupResult, count = 1): void {
  if (count <= 0) return;
  let counts = lookups.get(cache);
  if (!counts) {
    counts = { hit: 0, miss: 0 };
    lookups.set(cache, counts);
  }
  counts[result] += count;
}

/** Every cache's counts so far. */
export function cacheLookups(): ReadonlyMap<string, { readonly hit: number; readonly miss: number }> {
  return lookups;
}
