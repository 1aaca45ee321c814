import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getUnitActions(signal?: AbortSignal) {
  return api.call('riskAssessmentUnitActions', {}, { signal });
}

/** The agreed actions of the units the signed-in member took part in (read-only). */
export function useUnitActions() {
  return useQuery({ queryKey: ['riskAssessmentUnitActions'], queryFn: ({ signal }) => getUnitActions(signal) });
}
