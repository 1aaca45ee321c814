import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getClientDetails(uuid: string, signal?: AbortSignal) {
  return api.call('licenseeClientDetails', { uuid }, { signal });
}

export function clientDetailsQuery(uuid: string) {
  return queryOptions({
    queryKey: ['licenseeClientDetails', uuid],
    queryFn: ({ signal }) => getClientDetails(uuid, signal),
  });
}

export function useClientDetails(uuid: string) {
  return useQuery(clientDetailsQuery(uuid));
}
