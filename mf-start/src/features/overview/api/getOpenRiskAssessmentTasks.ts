import { api, type MemberTasksRequest } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getOpenRiskAssessmentTasks(request: MemberTasksRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentMemberTasks', request, { signal });
}

export function useOpenRiskAssessmentTasks(request: MemberTasksRequest, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: ['riskAssessmentMemberTasks', request],
      queryFn: ({ signal }) => getOpenRiskAssessmentTasks(request, signal),
    }),
    enabled,
  });
}
