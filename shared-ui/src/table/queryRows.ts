/** What a DataTable needs of a list query (react-query's result has these fields). */
export interface ListQuery<Row> {
  data?: { items: Row[]; total: number };
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The five props a DataTable takes from its list query: `<DataTable {...queryRows(query)} … />`. */
export function queryRows<Row>(query: ListQuery<Row>) {
  return {
    rows: query.data?.items,
    total: query.data?.total,
    loading: query.isFetching,
    failed: query.isError,
    onRetry: () => void query.refetch(),
  };
}
