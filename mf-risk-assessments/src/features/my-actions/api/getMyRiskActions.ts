import { api, type MyRiskActionsRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getMyRiskActions(request: MyRiskActionsRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentMyRiskActions', request, { signal });
}

export function useMyRiskActions(request: MyRiskActionsRequest) {
  return useQuery({
    queryKey: ['riskAssessmentMyRiskActions', request],
    queryFn: ({ signal }) => getMyRiskActions(request, signal),
    placeholderData: keepPreviousData,
  });
}
