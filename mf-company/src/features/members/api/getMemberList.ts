import { api, type MemberListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** Spec section 7: the member list answer is cached for 2 minutes per request body. */
export const MEMBER_LIST_CACHE_MS = 2 * 60 * 1000;

export function getMemberList(request: MemberListRequest, signal?: AbortSignal) {
  return api.call('memberList', request, { signal });
}

export function memberListQuery(request: MemberListRequest) {
  return queryOptions({
    queryKey: ['memberList', request],
    queryFn: ({ signal }) => getMemberList(request, signal),
    staleTime: MEMBER_LIST_CACHE_MS,
    gcTime: MEMBER_LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useMemberList(request: MemberListRequest) {
  return useQuery(memberListQuery(request));
}
