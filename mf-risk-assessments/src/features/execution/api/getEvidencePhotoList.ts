import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getEvidencePhotoList(executionUuid: string, signal?: AbortSignal) {
  return api.call('riskAssessmentEvidencePhotoList', { executionUuid }, { signal });
}

/** The photos of an inspection's answers; surveys have none (the page does not ask). */
export function useEvidencePhotoList(executionUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['riskAssessmentEvidencePhotoList', executionUuid],
    queryFn: ({ signal }) => getEvidencePhotoList(executionUuid, signal),
    enabled,
  });
}
