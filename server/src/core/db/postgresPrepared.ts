import type pg from 'pg';
import { errorCodeOf, PG_FEATURE_NOT_SUPPORTED, PG_INVALID_SQL_STATEMENT_NAME } from './errorCodes';

/** Something that runs a query: the pool (any connection) or one connection inside a transaction. */
interface Runner {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/** SQLSTATEs after which a named statement is prepared again under a new name (see `run`). */
const STALE_STATEMENT = new Set([
  // "cached plan must not change result type", after a migration changed a table's columns under a statement
  // prepared before it (another instance migrated during a rolling update).
  PG_FEATURE_NOT_SUPPORTED,
  // The connection lost its statements (a proxy in transaction mode, DISCARD ALL).
  PG_INVALID_SQL_STATEMENT_NAME,
]);

/**
 * A parameter that is a list (`$2::uuid[]`): the statement serves one member as well as 1,000 (a create, a bulk
 * archive), and a generic plan made for the few would serve the many (a bulk archive of 1,000 members took many times
 * longer after small calls had fixed the plan). Such statements are planned for their values each time.
 */
const ARRAY_PARAMETER = /\$\d+::[a-z_]+\[\]/i;

/**
 * A comment for the text of a statement whose list parameter never changes its plan, such as the rows of a page looked
 * up by primary key: such a statement is prepared like any other.
 */
export const GENERIC_PLAN_MARK = '/* one plan */';

/**
 * Named prepared statements on PostgreSQL. node-postgres sends every unnamed query through parse, analysis and
 * planning again; for the short queries of most calls that is more than half of the database's work (the start
 * page's task counts, for one). A named statement is parsed once per connection, and
 * after five executions PostgreSQL keeps a generic plan when it costs no more than the custom ones (plan_cache_mode
 * auto); the start page's calls answer about twice as many requests a second with it (docs/architecture.md).
 *
 * Each distinct SQL text gets a name for the life of the process. Texts are the module's own (values always go
 * as parameters), so they are few; past `maxNames` a text runs unnamed rather than filling the server's memory, and
 * so does a text with a list parameter (see ARRAY_PARAMETER).
 */
export class PostgresStatements {
  private readonly names = new Map<string, string>();
  private counter = 0;

  constructor(private readonly maxNames = 2_000) {}

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= this.maxNames) return known;
    if (ARRAY_PARAMETER.test(text) && !text.includes(GENERIC_PLAN_MARK)) return undefined;
    const name = `dash_${(++this.counter).toString(36)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Runs `text` as a named statement. When the server refuses a statement prepared earlier (see STALE_STATEMENT),
   * the text gets a new name, so that every connection prepares it afresh, and a call outside a transaction is
   * retried once (inside one, the failed statement has ended the transaction: the caller's error stands).
   */
  async run(runner: Runner, text: string, values: unknown[], inTransaction = false): Promise<pg.QueryResult> {
    const name = this.nameOf(text);
    if (!name) return runner.query({ text, values });
    try {
      return await runner.query({ name, text, values });
    } catch (error) {
      if (!STALE_STATEMENT.has(errorCodeOf(error) ?? '')) throw error;
      if (this.names.get(text) === name) this.names.delete(text);
      const renamed = this.nameOf(text);
      if (inTransaction) throw error;
      return runner.query(renamed ? { name: renamed, text, values } : { text, values });
    }
  }
}
