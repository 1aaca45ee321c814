import { type AssignedMemberListRequest, api } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getMemberGroupMembers(request: AssignedMemberListRequest, signal?: AbortSignal) {
  return api.call('memberGroupMemberList', request, { signal });
}

export function memberGroupMembersQuery(request: AssignedMemberListRequest) {
  return queryOptions({
    queryKey: ['memberGroups', 'members', request],
    queryFn: ({ signal }) => getMemberGroupMembers(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberGroupMembers(request: AssignedMemberListRequest) {
  return useQuery(memberGroupMembersQuery(request));
}
