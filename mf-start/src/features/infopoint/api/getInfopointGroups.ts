import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getInfopointGroups(locationUuid: string, signal?: AbortSignal) {
  return api.call('infopointMemberGroups', { locationUuid }, { signal });
}

export function useInfopointGroups(locationUuid: string) {
  return useQuery(
    queryOptions({
      queryKey: ['infopointMemberGroups', locationUuid],
      queryFn: ({ signal }) => getInfopointGroups(locationUuid, signal),
    }),
  );
}
