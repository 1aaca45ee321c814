/** Spec section 9: a table shows 25 (default), 50 or 100 rows; the contract accepts exactly these. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
