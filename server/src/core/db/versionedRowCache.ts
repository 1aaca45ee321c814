/**
 * Rows by key, kept per scope (a client) for as long as the scope's data version is the current one: the
 * companion of KeyOrderCache. A table whose version the database moves with every change of the table (migration
 * 005 for members) answers a page it has read before without reading the rows again, and never an outdated row:
 * a new version starts an empty set. Least recently used scopes go first once `maxRows` rows are kept.
 */
export class VersionedRowCache<Row> {
  private readonly scopes = new Map<string, { version: bigint; rows: Map<string, Row> }>();
  private rowsKept = 0;

  constructor(private readonly maxRows = 100_000) {}

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
    if (entry && entry.version > asked) return new Map(await load([...keys]));
    if (!entry || entry.version < asked) {
      this.remove(scope);
      entry = { version: asked, rows: new Map() };
    } else {
      // Map order is insertion order: moving the scope to the end keeps the least recently used first.
      this.scopes.delete(scope);
    }
    this.scopes.set(scope, entry);
    const missing = keys.filter((key) => !entry.rows.has(key));
    const loaded = missing.length > 0 ? await load(missing) : [];
    const result = new Map<string, Row>();
    for (const key of keys) {
      const row = entry.rows.get(key);
      if (row !== undefined) result.set(key, row);
    }
    for (const [key, row] of loaded) {
      result.set(key, row);
      // Still the current version (another call may have moved it on while this one read)?
      if (this.scopes.get(scope) === entry && !entry.rows.has(key)) {
        entry.rows.set(key, row);
        this.rowsKept++;
      }
    }
    this.trim(scope);
    return result;
  }

  get size(): number {
    return this.rowsKept;
  }

  private trim(keep: string): void {
    for (const [scope] of this.scopes) {
      if (this.rowsKept <= this.maxRows) return;
      if (scope !== keep) this.remove(scope);
    }
    // One scope alone over the limit: it starts again.
    const entry = this.scopes.get(keep);
    if (entry && this.rowsKept > this.maxRows) {
      this.rowsKept -= entry.rows.size;
      entry.rows.clear();
    }
  }

  private remove(scope: string): void {
    const entry = this.scopes.get(scope);
    if (!entry) return;
    this.scopes.delete(scope);
    this.rowsKept -= entry.rows.size;
  }
}
