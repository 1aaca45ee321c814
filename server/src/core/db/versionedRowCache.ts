import { LRUCache } from 'lru-cache';
import { countLookups } from './cacheLookups';

/** The rows of one scope, all read at `version`. */
interface ScopeRows<Row> {
  version: bigint;
  rows: Map<string, Row>;
}

/**
 * Rows by key, kept per scope (a client) for as long as the scope's data version is the current one: the
 * companion of KeyOrderCache. A table whose version the database moves with every change of the table (migration
 * 005 for members) answers a page it has read before without reading the rows again, and never an outdated row:
 * a new version starts an empty set. Least recently used scopes go first once `maxRows` rows are kept (a scope
 * without rows counts as one); a scope alone over `maxRows` starts again. Its lookups count by row under `name`
 * (cacheLookups.ts): rows answered from memory are hits, rows read are misses.
 */
export class VersionedRowCache<Row> {
  private readonly scopes: LRUCache<string, ScopeRows<Row>>;

  constructor(
    private readonly name: string,
    maxRows = 100_000,
  ) {
    this.scopes = new LRUCache({ maxSize: maxRows, sizeCalculation: (entry) => Math.max(1, entry.rows.size) });
  }

  /**
   * The rows of `keys` at `version`: kept ones, plus those `load` reads (it gets the missing keys and answers
   * [key, row] pairs; a key it does not answer is not in the result). A caller that read an older version than
   * the one kept gets its rows read and not kept.
   */
  async get(
    scope: string,
    version: string,
    keys: readonly string[],
    load: (missing: string[]) => Promise<Array<[string, Row]>>,
  ): Promise<Map<string, Row>> {
    const asked = BigInt(version);
    let entry = this.scopes.get(scope);
    if (entry && entry.version > asked) {
      countLookups(this.name, 'miss', keys.length);
      return new Map(await load([...keys]));
    }
    if (!entry || entry.version < asked) {
      entry = { version: asked, rows: new Map() };
      this.scopes.set(scope, entry);
    }
    const { rows } = entry;
    const missing = keys.filter((key) => !rows.has(key));
    countLookups(this.name, 'hit', keys.length - missing.length);
    countLookups(this.name, 'miss', missing.length);
    const loaded = missing.length > 0 ? await load(missing) : [];
    const result = new Map<string, Row>();
    for (const key of keys) {
      const row = rows.get(key);
      if (row !== undefined) result.set(key, row);
    }
    for (const [key, row] of loaded) result.set(key, row);
    // Still the current version (another call may have moved it on while this one read)? Then keep what was read,
    // under a new entry: the cache weighs an entry when it is set.
    if (loaded.length > 0 && this.scopes.peek(scope)?.rows === rows) {
      for (const [key, row] of loaded) if (!rows.has(key)) rows.set(key, row);
      this.scopes.set(scope, { version: asked, rows });
    }
    return result;
  }

  /** The rows kept (a scope without rows counts as one). */
  get size(): number {
    return this.scopes.calculatedSize;
  }
}
