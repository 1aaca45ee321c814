import { api, type RiskActionListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getRiskActionList(request: RiskActionListRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentRiskActionList', request, { signal });
}

export function useRiskActionList(request: RiskActionListRequest, enabled = true) {
  return useQuery({
    queryKey: ['riskAssessmentRiskActionList', request],
    queryFn: ({ signal }) => getRiskActionList(request, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
