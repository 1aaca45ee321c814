import { ApiHttpError } from '../errors/apiError';
import type { Queryable } from './database';

/**
 * The rows a bulk call chose by the list's filter ("all N matching the filter"), locked for the transaction.
 * `select` is a SELECT with the list's own condition (scope included) and an ORDER BY that makes the lock order
 * fixed; at most `max` rows are taken, and a filter that matches more is refused before anything changes, so that
 * the bulk maximum holds for filters as it does for uuids.
 */
export async function lockMatchingRows<Row>(
  tx: Queryable,
  select: string,
  params: readonly unknown[],
  max: number,
  lock = 'FOR UPDATE',
): Promise<Row[]> {
  const limited = [...params, max + 1];
  const rows = await tx.query<Row>(`${select} LIMIT $${limited.length} ${lock}`, limited);
  if (rows.length > max) throw new ApiHttpError(409, 'Bulk.TooManyRows');
  return rows;
}
