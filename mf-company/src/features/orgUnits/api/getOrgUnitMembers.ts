import { type AssignedMemberListRequest, api } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getOrgUnitMembers(request: AssignedMemberListRequest, signal?: AbortSignal) {
  return api.call('orgUnitMemberList', request, { signal });
}

export function orgUnitMembersQuery(request: AssignedMemberListRequest) {
  return queryOptions({
    queryKey: ['orgUnits', 'members', request],
    queryFn: ({ signal }) => getOrgUnitMembers(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrgUnitMembers(request: AssignedMemberListRequest) {
  return useQuery(orgUnitMembersQuery(request));
}
