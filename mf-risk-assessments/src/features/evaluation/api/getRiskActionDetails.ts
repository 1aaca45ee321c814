import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getRiskActionDetails(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentRiskActionDetails', { uuid }, { signal });
}

/** One action as it is now: its risk, owner, due date, note and whether it is done; null: nothing to read. */
export function useRiskActionDetails(uuid: string | null) {
  return useQuery({
    queryKey: ['riskAssessmentRiskActionDetails', uuid],
    queryFn: ({ signal }) => getRiskActionDetails(uuid ?? '', signal),
    enabled: uuid !== null,
  });
}
