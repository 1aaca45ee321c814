import type { Queryable } from './database';

export interface TablePageQuery {
  /** `SELECT … FROM … WHERE … [GROUP BY …]`, without ORDER BY, LIMIT and OFFSET. */
  select: string;
  /** `SELECT count(*)::int AS total FROM … WHERE …` over the same rows, with the same parameters. */
  count: string;
  /** The parameters of both statements ($1 …). */
  params: readonly unknown[];
  /** A whole ORDER BY clause from a whitelist (see `orderBy` in rows.ts). */
  order: string;
  page: number;
  perPage: number;
}

/**
 * One page of a table call (contract: `{filter, page, perPage, sortBy, sortDirection}` -> `{items, total}`):
 * ordering, paging and counting all happen in the database, the rows and the total in parallel.
 */
export async function readTablePage<Row>(
  db: Queryable,
  query: TablePageQuery,
): Promise<{ rows: Row[]; total: number }> {
  const limit = query.params.length + 1;
  const [rows, count] = await Promise.all([
    db.query<Row>(`${query.select} ${query.order} LIMIT $${limit} OFFSET $${limit + 1}`, [
      ...query.params,
      query.perPage,
      (query.page - 1) * query.perPage,
    ]),
    db.query<{ total: number }>(query.count, [...query.params]),
  ]);
  return { rows, total: count[0]?.total ?? 0 };
}
