import { type PeriodicJob, startPeriodicJob } from '../jobs/periodic';
import type { Database } from './database';

/**
 * PostgreSQL's autovacuum re-analyses a table once `50 + 10 %` of its rows changed since its last ANALYZE (the
 * defaults of autovacuum_analyze_threshold and _scale_factor). Embedded PGlite has no autovacuum: without this the
 * planner keeps the statistics of the server's start, and a client that grew by an import afterwards is planned as
 * if it were empty (the whole-client membership sync measured 20 times slower on unanalysed tables).
 */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** The tables of the current schema that changed enough since their last ANALYZE, as quoted identifiers. */
export async function tablesNeedingAnalyze(db: Database): Promise<string[]> {
  // Change counts reach pg_stat_* at most once a second, when the backend reports them: report now.
  await db.exec('SELECT pg_stat_force_next_flush()');
  const rows = await db.query<{ name: string }>(
    `SELECT quote_ident(s.relname) AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()
        AND s.n_mod_since_analyze > $1 + $2 * greatest(c.reltuples, 0)
      ORDER BY s.relname`,
    [ANALYZE_THRESHOLD_ROWS, ANALYZE_SCALE_FACTOR],
  );
  return rows.map((row) => row.name);
}

/** Analyses the tables that need it (table by table: PGlite answers other queries between them). */
export async function analyzeChangedTables(db: Database): Promise<string[]> {
  const tables = await tablesNeedingAnalyze(db);
  for (const table of tables) await db.exec(`ANALYZE ${table}`);
  return tables;
}

/** Every table of the current schema (after a seed or a bulk load; a bare ANALYZE would visit every schema). */
export async function analyzeAllTables(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  for (const table of tables) await db.exec(`ANALYZE ${table.name}`);
}

/** On PGlite, what autovacuum does for PostgreSQL's statistics: a check every `intervalMs`. */
export function keepStatisticsFresh(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicJob<string[]> {
  return startPeriodicJob({
    run: () => analyzeChangedTables(db),
    intervalMs: options.intervalMs,
    // The start has just analysed everything (main.ts).
    firstRunMs: options.intervalMs,
    onError: options.onError,
  });
}
