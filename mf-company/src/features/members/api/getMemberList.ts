import { api, type MemberListRequest } from '@dash/shared-core';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

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

/**
 * Spec section 7: after a member is created, archived, unarchived, updated or imported every cached member list
 * answer is dropped (all request bodies), so that no page shows the list as it was. Each of those calls runs this in
 * its mutation's onSuccess.
 */
export function clearMemberListCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['memberList'] });
}
