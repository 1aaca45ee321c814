import { api, type MemberTasksRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getMyAnalyses(request: MemberTasksRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentMemberTasks', request, { signal });
}

export function useMyAnalyses(request: MemberTasksRequest) {
  return useQuery({
    queryKey: ['riskAssessmentMemberTasks', request],
    queryFn: ({ signal }) => getMyAnalyses(request, signal),
    placeholderData: keepPreviousData,
  });
}
