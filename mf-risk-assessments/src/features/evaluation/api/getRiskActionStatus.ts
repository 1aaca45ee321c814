import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getRiskActionStatus(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentRiskActionStatus', { uuid }, { signal });
}

/** Where an evaluation's actions stand, and whether "confirm all actions" would go through now. */
export function useRiskActionStatus(uuid: string, enabled = true) {
  return useQuery({
    queryKey: ['riskAssessmentRiskActionStatus', uuid],
    queryFn: ({ signal }) => getRiskActionStatus(uuid, signal),
    enabled,
  });
}
