import { api } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** The visible org units as a tree (depth first); the members helper's pickers use it too. */
export function getOrgUnitTree(search: string | undefined, signal?: AbortSignal) {
  return api.call('orgUnitList', { filter: search ? { search } : {} }, { signal });
}

export function orgUnitTreeQuery(search?: string) {
  return queryOptions({
    queryKey: ['orgUnits', 'tree', search ?? ''],
    queryFn: ({ signal }) => getOrgUnitTree(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrgUnitTree(search?: string) {
  return useQuery(orgUnitTreeQuery(search));
}
