import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getOrgUnitDetail(uuid: string, signal?: AbortSignal) {
  return api.call('orgUnitDetail', { uuid }, { signal });
}

export function orgUnitDetailQuery(uuid: string) {
  return queryOptions({
    queryKey: ['orgUnits', 'detail', uuid],
    queryFn: ({ signal }) => getOrgUnitDetail(uuid, signal),
    retry: false,
  });
}

export function useOrgUnitDetail(uuid: string) {
  return useQuery(orgUnitDetailQuery(uuid));
}
