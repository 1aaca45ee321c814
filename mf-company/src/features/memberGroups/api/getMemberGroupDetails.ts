import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getMemberGroupDetails(uuid: string, signal?: AbortSignal) {
  return api.call('memberGroupDetails', { uuid }, { signal });
}

export function memberGroupDetailsQuery(uuid: string) {
  return queryOptions({
    queryKey: ['memberGroups', 'details', uuid],
    queryFn: ({ signal }) => getMemberGroupDetails(uuid, signal),
    retry: false,
  });
}

export function useMemberGroupDetails(uuid: string) {
  return useQuery(memberGroupDetailsQuery(uuid));
}
