import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteEvidencePhoto(request: { uuid: string; executionUuid: string }) {
  return api.call('riskAssessmentDeleteEvidencePhoto', { uuid: request.uuid });
}

export function useDeleteEvidencePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEvidencePhoto,
    onSuccess: (_answer, request) =>
      client.invalidateQueries({ queryKey: ['riskAssessmentEvidencePhotoList', request.executionUuid] }),
  });
}
