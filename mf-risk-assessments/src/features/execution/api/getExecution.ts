import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** Opening an execution takes its lock for this browser when it is free (silent: the page shows its own errors). */
export function getExecution(uuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentExecution', { uuid }, { signal, silent: true });
}

export function useExecution(uuid: string) {
  return useQuery({
    queryKey: ['riskAssessmentExecution', uuid],
    queryFn: ({ signal }) => getExecution(uuid, signal),
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
