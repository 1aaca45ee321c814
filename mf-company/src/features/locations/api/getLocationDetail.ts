import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getLocationDetail(uuid: string, signal?: AbortSignal) {
  // A missing location is shown by the page itself (not a toast).
  return api.call('locationDetail', { uuid }, { signal, silent: true });
}

export function locationDetailQuery(uuid: string) {
  return queryOptions({
    queryKey: ['locationDetail', uuid],
    queryFn: ({ signal }) => getLocationDetail(uuid, signal),
    retry: false,
  });
}

export function useLocationDetail(uuid: string) {
  return useQuery(locationDetailQuery(uuid));
}
