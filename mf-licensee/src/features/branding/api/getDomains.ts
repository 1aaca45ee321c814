import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getDomains(signal?: AbortSignal) {
  return api.call('licenseeDomains', undefined, { signal });
}

export const domainsQuery = queryOptions({
  queryKey: ['licenseeDomains'],
  queryFn: ({ signal }) => getDomains(signal),
});

export function useDomains() {
  return useQuery(domainsQuery);
}
