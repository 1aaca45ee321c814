import { api, type RiskAssessmentExecutionRequest } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/**
 * Opening an execution takes its lock for this window when it is free, or from the member's own other window when
 * she takes over (silent: the page shows its own errors).
 */
export function getExecution(request: RiskAssessmentExecutionRequest, signal?: AbortSignal) {
  return api.call('riskAssessmentExecution', request, { signal, silent: true });
}

export function useExecution(uuid: string, windowId: string) {
  return useQuery({
    queryKey: ['riskAssessmentExecution', uuid],
    queryFn: ({ signal }) => getExecution({ uuid, windowId }, signal),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
