import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getContent(type: string, signal?: AbortSignal) {
  return api.call('riskAssessmentContent', { type }, { signal });
}

/** A type's questions change only with a release: kept for the page's life. */
export function useContent(type: string | undefined) {
  return useQuery({
    queryKey: ['riskAssessmentContent', type],
    queryFn: ({ signal }) => getContent(type ?? '', signal),
    enabled: Boolean(type),
    staleTime: Infinity,
  });
}
