import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Members whose name, username or e-mail contains `search` (the member list call; the first 25). */
export function searchMembers(search: string, signal?: AbortSignal) {
  return api.call(
    'memberList',
    { filter: { search, status: 'all' }, page: 1, perPage: 25, sortBy: 'lastName', sortDirection: 'asc' },
    { signal },
  );
}

export function memberSearchQuery(search: string) {
  return queryOptions({
    queryKey: ['locationMemberSearch', search],
    queryFn: ({ signal }) => searchMembers(search, signal),
    enabled: search.trim().length > 0,
    staleTime: 30_000,
  });
}

export function useMemberSearch(search: string) {
  return useQuery(memberSearchQuery(search));
}
