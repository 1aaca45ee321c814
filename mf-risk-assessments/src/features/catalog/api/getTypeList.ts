import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getTypeList(signal?: AbortSignal) {
  return api.call('riskAssessmentTypeList', {}, { signal });
}

/** The types change only with a server release: read once per page load. */
export function useTypeList() {
  return useQuery({
    queryKey: ['riskAssessmentTypeList'],
    queryFn: ({ signal }) => getTypeList(signal),
    staleTime: Infinity,
  });
}
