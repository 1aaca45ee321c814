import { api, type StartRiskActionTasksRequest } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getRiskActionTasks(request: StartRiskActionTasksRequest, signal?: AbortSignal) {
  return api.call('startRiskActionTasks', request, { signal });
}

export function useRiskActionTasks(request: StartRiskActionTasksRequest, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['startRiskActionTasks', request],
      queryFn: ({ signal }) => getRiskActionTasks(request, signal),
    }),
    enabled,
  });
}
