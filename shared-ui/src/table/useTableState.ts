import { PAGE_SIZES, type PageSize } from '@dash/shared-core';
import { useSearchParams } from '@dash/shared-ui';
import { useCallback, useMemo, useRef } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface TableState<SortKey extends string> {
  page: number;
  perPage: PageSize;
  sortBy: SortKey;
  sortDirection: SortDirection;
  filter: Record<string, string>;
}

export interface TableStateControls<SortKey extends string> {
  state: TableState<SortKey>;
  setPage(page: number): void;
  setPerPage(perPage: PageSize): void;
  setSort(sortBy: SortKey): void;
  setFilter(name: string, value: string): void;
}

/** A table call's request (CONTRACT.md "Table calls"): the table's page and sorting, with the page's `filter`. */
export function tableRequest<SortKey extends string, Filter>(state: TableState<SortKey>, filter: Filter) {
  return {
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
    filter,
  };
}

/**
 * Table state lives in the URL (`?page=2&perPage=50&sortBy=lastName&sortDirection=desc&f.search=anna`), so that a
 * reload or a shared link shows the same page. Sorting, filtering or a new page size go back to page 1;
 * default sort is ascending (spec section 9).
 */
export function useTableState<SortKey extends string>(
  sortKeys: readonly SortKey[],
  defaultSort: SortKey,
  filterNames: readonly string[] = [],
): TableStateControls<SortKey> {
  const [params, setParams] = useSearchParams();

  const state = useMemo<TableState<SortKey>>(() => {
    const page = Number(params.get('page'));
    const perPage = Number(params.get('perPage'));
    const sortBy = params.get('sortBy') as SortKey | null;
    const filter: Record<string, string> = {};
    for (const name of filterNames) {
      const value = params.get(`f.${name}`);
      if (value) filter[name] = value;
    }
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? (perPage as PageSize) : PAGE_SIZES[0],
      sortBy: sortBy && sortKeys.includes(sortBy) ? sortBy : defaultSort,
      sortDirection: params.get('sortDirection') === 'desc' ? 'desc' : 'asc',
      filter,
    };
  }, [params, sortKeys, defaultSort, filterNames]);

  // The URL as last changed here. The router's setter (even its callback form) starts from the URL of the last
  // render, so a second change before the page renders again (the search box's debounce firing just after a
  // select's change) would drop the first: the member list lost its org unit filter on a busy machine.
  const rendered = useRef(params);
  const latest = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete('page');
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return {
    state,
    setPage: (page) => update({ page: page > 1 ? String(page) : null }, false),
    setPerPage: (perPage) => update({ perPage: String(perPage) }, true),
    setSort: (sortBy) =>
      update(
        {
          sortBy,
          sortDirection: state.sortBy === sortBy && state.sortDirection === 'asc' ? 'desc' : 'asc',
        },
        true,
      ),
    setFilter: (name, value) => update({ [`f.${name}`]: value }, true),
  };
}
