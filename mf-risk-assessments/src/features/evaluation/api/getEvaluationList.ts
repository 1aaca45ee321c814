import { api, type EvaluationListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getEvaluationList(request: EvaluationListRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentEvaluationList', request, { signal });
}

export function useEvaluationList(request: EvaluationListRequest) {
  return useQuery({
    queryKey: ['riskAssessmentEvaluationList', request],
    queryFn: ({ signal }) => getEvaluationList(request, signal),
    placeholderData: keepPreviousData,
  });
}
