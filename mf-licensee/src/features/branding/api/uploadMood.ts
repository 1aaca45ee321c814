import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';

/** The mood image as the request's body (up to 2 MB; the server checks its content). */
export function uploadMood(file: File) {
  // The image field shows the code's message itself (a type that is not allowed, a file too large).
  return api.upload('licenseeMoodUpload', { filename: file.name }, file, { silent: true });
}

export function useUploadMood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMood,
    onSuccess: (branding) => queryClient.setQueryData(brandingQuery.queryKey, branding),
  });
}
