import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getInfopointLocations(signal?: AbortSignal) {
  return api.call('infopointLocationList', {}, { signal });
}

export function useInfopointLocations() {
  return useQuery(
    queryOptions({ queryKey: ['infopointLocationList'], queryFn: ({ signal }) => getInfopointLocations(signal) }),
  );
}
