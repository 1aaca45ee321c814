import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getClientConfiguration(signal?: AbortSignal) {
  return api.call('clientConfiguration', {}, { signal });
}

export function clientConfigurationQuery() {
  return queryOptions({ queryKey: ['clientConfiguration'], queryFn: ({ signal }) => getClientConfiguration(signal) });
}

export function useClientConfiguration() {
  return useQuery(clientConfigurationQuery());
}
