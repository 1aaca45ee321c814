import { LRUCache } from 'lru-cache';
import { countLookups } from './cacheLookups';

/**
 * Whether version `a` is newer than `b`. A version is one counter ("42") or several joined by dots ("42.7.20261126",
 * e.g. a company version, an e-learning's version and the day), compared counter by counter: newer when none is
 * smaller and one is larger.
 */
export function isNewer(a: string, b: string): boolean {
  const left = a.split('.').map(BigInt);
  const right = b.split('.').map(BigInt);
  if (left.length !== right.length) return false;
  let larger = false;
  for (const [index, value] of left.entries()) {
    const other = right[index] ?? 0n;
    if (value < other) return false;
    if (value > other) larger = true;
  }
  return larger;
}

/**
 * Keeps a value read from the database for as long as the data version it was read at is the current one: the next
 * call for the same id and version answers from memory. It is exact, not "a few seconds old": the version comes from
 * the database (a counter moved at the commit of every change, such as the client's company version of migration
 * 019, read with the session) and is read before the value, so a value is never used for a version it does not show.
 *
 * Calls that arrive together for a value not kept yet read it once; a slow read of an older version never replaces
 * a newer one. Least recently used values go first once their weights (`weigh`, a whole number, default 1 each; less
 * than 1 counts as 1) pass `maxWeight`; a value heavier than `maxWeight` alone is answered and not kept. A `name`
 * counts its lookups (cacheLookups.ts): a hit is an answer from memory, a miss a read (a call that joins a read
 * already under way counts as a hit: it reads nothing itself).
 */
export class VersionedCache<T> {
  private readonly entries: LRUCache<string, { version: string; value: T }>;
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    maxWeight = 1_000,
    weigh: (value: T) => number = () => 1,
    private readonly name?: string,
  ) {
    this.entries = new LRUCache({
      maxSize: maxWeight,
      sizeCalculation: (entry) => Math.max(1, Math.ceil(weigh(entry.value))),
    });
  }

  /**
   * The value for `id` at `version` (one counter or several, see isNewer): kept, or read by `load`. `id` must name
   * everything else the value depends on.
   */
  async get(id: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(id);
    if (hit?.version === version) {
      this.count('hit');
      return hit.value;
    }
    const loadId = `${version}|${id}`;
    const pending = this.loading.get(loadId);
    if (pending) {
      this.count('hit');
      return pending;
    }
    this.count('miss');
    const loaded = load().finally(() => this.loading.delete(loadId));
    this.loading.set(loadId, loaded);
    const value = await loaded;
    // Versions only grow: a slow read of an older version never replaces a newer one.
    const kept = this.entries.peek(id);
    if (!kept || !isNewer(kept.version, version)) this.entries.set(id, { version, value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private count(result: 'hit' | 'miss'): void {
    if (this.name) countLookups(this.name, result);
  }
}
