import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getUnitActions(signal?: AbortSignal) {
  return api.call('riskAssessmentUnitActions', {}, { signal });
}

export function useUnitActions(enabled: boolean) {
  return useQuery({
    queryKey: ['riskAssessmentUnitActions'],
    queryFn: ({ signal }) => getUnitActions(signal),
    enabled,
  });
}
