import { api, type MemberListItem } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** How many matches the picker offers at once: refine the search for more. */
export const PICKER_RESULTS = 25;

/** Members matching `search`, from the server's member list (its search filter: name, username, e-mail). */
export function searchMembers(search: string, signal?: AbortSignal) {
  return api.call(
    'memberList',
    { filter: { search, status: 'all' }, page: 1, perPage: PICKER_RESULTS, sortBy: 'lastName' },
    { signal },
  );
}

export function searchMembersQuery(search: string) {
  return queryOptions({
    queryKey: ['memberList', 'picker', search],
    queryFn: ({ signal }) => searchMembers(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMemberSearch(search: string, enabled: boolean) {
  return useQuery({ ...searchMembersQuery(search), enabled });
}

export type PickedMember = Pick<MemberListItem, 'uuid' | 'firstName' | 'lastName'> & { username?: string };
