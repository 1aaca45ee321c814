import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getBranding(signal?: AbortSignal) {
  return api.call('licenseeBranding', undefined, { signal });
}

export const brandingQuery = queryOptions({
  queryKey: ['licenseeBranding'],
  queryFn: ({ signal }) => getBranding(signal),
});

export function useBranding() {
  return useQuery(brandingQuery);
}
