import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getClientDetails(signal?: AbortSignal) {
  return api.call('clientDetails', {}, { signal });
}

export function clientDetailsQuery() {
  return queryOptions({ queryKey: ['clientDetails'], queryFn: ({ signal }) => getClientDetails(signal) });
}

export function useClientDetails() {
  return useQuery(clientDetailsQuery());
}
