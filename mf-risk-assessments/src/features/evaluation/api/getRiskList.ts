import { api, type RiskListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getRiskList(request: RiskListRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentRiskList', request, { signal });
}

export function useRiskList(request: RiskListRequest) {
  return useQuery({
    queryKey: ['riskAssessmentRiskList', request],
    queryFn: ({ signal }) => getRiskList(request, signal),
    placeholderData: keepPreviousData,
  });
}
