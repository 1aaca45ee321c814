import { api, type MemberGroupListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getMemberGroupList(request: MemberGroupListRequest, signal?: AbortSignal) {
  return api.call('memberGroupList', request, { signal });
}

export function memberGroupListQuery(request: MemberGroupListRequest) {
  return queryOptions({
    queryKey: ['memberGroups', 'list', request],
    queryFn: ({ signal }) => getMemberGroupList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberGroupList(request: MemberGroupListRequest) {
  return useQuery(memberGroupListQuery(request));
}
