import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getEvaluationDetails(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentEvaluationDetails', { uuid }, { signal });
}

export function useEvaluationDetails(uuid: string) {
  return useQuery({
    queryKey: ['riskAssessmentEvaluationDetails', uuid],
    queryFn: ({ signal }) => getEvaluationDetails(uuid, signal),
  });
}
