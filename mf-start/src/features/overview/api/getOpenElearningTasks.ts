import { api, type MemberTasksRequest } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getOpenElearningTasks(request: MemberTasksRequest, signal?: AbortSignal) {
  return api.call('elearningMemberTasks', request, { signal });
}

export function useOpenElearningTasks(request: MemberTasksRequest, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['elearningMemberTasks', request],
      queryFn: ({ signal }) => getOpenElearningTasks(request, signal),
    }),
    enabled,
  });
}
