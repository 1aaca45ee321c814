import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getDetails(uuid: string, signal?: AbortSignal) {
  return api.call('elearningDetails', { uuid }, { signal });
}

export const detailsQuery = (uuid: string) => ({
  queryKey: ['elearningDetails', uuid],
  queryFn: ({ signal }: { signal: AbortSignal }) => getDetails(uuid, signal),
});

export function useElearningDetails(uuid: string) {
  return useQuery(detailsQuery(uuid));
}
