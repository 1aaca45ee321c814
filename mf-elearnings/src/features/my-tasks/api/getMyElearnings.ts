import { api, type MemberTasksRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getMyElearnings(request: MemberTasksRequest, signal?: AbortSignal) {
  return api.call('elearningMemberTasks', request, { signal });
}

export function useMyElearnings(request: MemberTasksRequest) {
  return useQuery({
    queryKey: ['elearningMemberTasks', request],
    queryFn: ({ signal }) => getMyElearnings(request, signal),
    placeholderData: keepPreviousData,
  });
}
