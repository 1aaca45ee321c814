import { api, type LocationMemberListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getLocationMembers(request: LocationMemberListRequest, signal?: AbortSignal) {
  return api.call('locationMemberList', request, { signal });
}

export function locationMembersQuery(request: LocationMemberListRequest) {
  return queryOptions({
    queryKey: ['locationMembers', request],
    queryFn: ({ signal }) => getLocationMembers(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLocationMembers(request: LocationMemberListRequest) {
  return useQuery(locationMembersQuery(request));
}
