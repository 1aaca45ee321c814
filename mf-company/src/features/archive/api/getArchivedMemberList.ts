import { type ArchivedMemberListRequest, api } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getArchivedMemberList(request: ArchivedMemberListRequest, signal?: AbortSignal) {
  return api.call('archivedMemberList', request, { signal });
}

export function useArchivedMemberList(request: ArchivedMemberListRequest) {
  return useQuery({
    queryKey: ['archivedMemberList', request],
    queryFn: ({ signal }) => getArchivedMemberList(request, signal),
    placeholderData: keepPreviousData,
  });
}
