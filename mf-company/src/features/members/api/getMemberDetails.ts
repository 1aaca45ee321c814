import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getMemberDetails(uuid: string, signal?: AbortSignal) {
  return api.call('memberDetails', { uuid }, { signal });
}

export function memberDetailsQuery(uuid: string) {
  return queryOptions({ queryKey: ['memberDetails', uuid], queryFn: ({ signal }) => getMemberDetails(uuid, signal) });
}

export function useMemberDetails(uuid: string) {
  return useQuery(memberDetailsQuery(uuid));
}
