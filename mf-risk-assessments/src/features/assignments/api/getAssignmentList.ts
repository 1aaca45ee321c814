import { api, type RiskAssessmentAssignmentListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getAssignmentList(request: RiskAssessmentAssignmentListRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentAssignmentList', request, { signal });
}

export function useAssignmentList(request: RiskAssessmentAssignmentListRequest) {
  return useQuery({
    queryKey: ['riskAssessmentAssignmentList', request],
    queryFn: ({ signal }) => getAssignmentList(request, signal),
    placeholderData: keepPreviousData,
  });
}
