import { api } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Entries per page of the history tab. */
export const HISTORY_PER_PAGE = 25;

export function getMemberHistory(uuid: string, page: number, signal?: AbortSignal) {
  return api.call('memberHistory', { uuid, page, perPage: HISTORY_PER_PAGE }, { signal });
}

export function useMemberHistory(uuid: string, page: number) {
  return useQuery({
    queryKey: ['memberHistory', uuid, page],
    queryFn: ({ signal }) => getMemberHistory(uuid, page, signal),
    placeholderData: keepPreviousData,
  });
}
