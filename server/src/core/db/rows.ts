/** Timestamps leave the API as ISO strings, whatever the driver returned. */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}

/** ORDER BY from a whitelist: a sort key never reaches SQL unless it is in `columns`. */
export function orderBy(
  columns: Record<string, string>,
  sortBy: string,
  direction: 'asc' | 'desc',
  tieBreaker: string,
): string {
  const column = columns[sortBy];
  if (!column) throw new Error(`Unknown sort key ${sortBy}`);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${column} ${dir} NULLS LAST, ${tieBreaker} ${dir}`;
}

/** `%term%` for ILIKE, with the user's own wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
