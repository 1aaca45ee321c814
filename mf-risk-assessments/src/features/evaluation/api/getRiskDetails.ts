import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getRiskDetails(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentRiskDetails', { uuid }, { signal });
}

/** One risk with its proposed measures (which are taken) and the actions defined for it; null: nothing to read. */
export function useRiskDetails(uuid: string | null) {
  return useQuery({
    queryKey: ['riskAssessmentRiskDetails', uuid],
    queryFn: ({ signal }) => getRiskDetails(uuid ?? '', signal),
    enabled: uuid !== null,
  });
}
