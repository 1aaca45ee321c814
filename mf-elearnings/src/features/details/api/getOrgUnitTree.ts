import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** The client's org unit tree (the company area's call), for picking units to assign. */
export function getOrgUnitTree(signal?: AbortSignal) {
  return api.call('orgUnitList', { filter: {} }, { signal });
}

export function useOrgUnitTree(enabled: boolean) {
  return useQuery({
    queryKey: ['orgUnitList', 'elearning-picker'],
    queryFn: ({ signal }) => getOrgUnitTree(signal),
    enabled,
  });
}
