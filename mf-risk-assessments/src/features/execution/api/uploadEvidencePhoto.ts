import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shrinkPhoto } from '../model/shrinkPhoto';

/**
 * A photo for an answer: shrunk in the browser first (at most 1600 px, JPEG; re-encoding drops the phone's metadata,
 * its GPS position included), then sent as the call's body. The server checks and strips it again.
 */
export async function uploadEvidencePhoto(request: { executionUuid: string; questionKey: string; file: File }) {
  const photo = await shrinkPhoto(request.file);
  return api.upload(
    'riskAssessmentUploadEvidencePhoto',
    { executionUuid: request.executionUuid, questionKey: request.questionKey },
    photo,
  );
}

export function useUploadEvidencePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadEvidencePhoto,
    onSuccess: (_photo, request) =>
      client.invalidateQueries({ queryKey: ['riskAssessmentEvidencePhotoList', request.executionUuid] }),
  });
}
