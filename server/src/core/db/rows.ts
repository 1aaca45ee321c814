import type { Queryable } from './database';

/** Timestamps leave the API as ISO strings, whatever the driver returned. */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

/**
 * ORDER BY from a whitelist: a sort key never reaches SQL unless it is in `columns`. Empty values go last in both
 * directions. Pass `nullable` (the keys whose column can be NULL) where every other column is NOT NULL: those sort
 * plainly, so that an index also serves the descending order read backwards (PostgreSQL does not take NOT NULL into
 * account: `DESC NULLS LAST` on a column that is never NULL sorts all rows instead).
 */
export function orderBy(
  columns: Record<string, string>,
  sortBy: string,
  direction: 'asc' | 'desc',
  tieBreaker: string,
  nullable?: ReadonlySet<string>,
): string {
  const column = columns[sortBy];
  if (!column) throw new Error(`Unknown sort key ${sortBy}`);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const nulls = !nullable || nullable.has(sortBy) ? ' NULLS LAST' : '';
  return `ORDER BY ${column} ${dir}${nulls}, ${tieBreaker} ${dir}`;
}

/** `%term%` for ILIKE, with the user's own wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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

/** `lower(term)` exactly as the database computes it: without a query for ASCII, else asked. */
export async function lowerAsDatabase(db: Queryable, term: string): Promise<string> {
  return (
    lowerLikeDatabase(term) ??
    (await db.query<{ term: string }>('SELECT lower($1::text) AS term', [term]))[0]?.term ??
    term
  );
}
