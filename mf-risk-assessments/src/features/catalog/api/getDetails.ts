import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getDetails(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentDetails', { uuid }, { signal });
}

/** One risk assessment's header: type, status, due date, active, its assignments and how many members completed. */
export function useDetails(uuid: string) {
  return useQuery({ queryKey: ['riskAssessmentDetails', uuid], queryFn: ({ signal }) => getDetails(uuid, signal) });
}
