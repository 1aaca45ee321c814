/** Spec section 9: a table shows 25 (default), 50 or 100 rows; the contract accepts exactly these. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/**
 * At most this many rows in one bulk call, whether picked by uuid or matched by the list's filter ("all N matching
 * the filter"): the call runs in one transaction, so a larger filter is refused (409 Bulk.TooManyRows) and the table
 * asks for a narrower one instead of offering it.
 */
export const BULK_MAX = 1000;
