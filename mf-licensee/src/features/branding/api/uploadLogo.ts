import { api, type LicenseeLogoUploadRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';

export function uploadLogo(request: LicenseeLogoUploadRequest) {
  // The logo field shows the code's message itself (a type that is not allowed).
  return api.call('licenseeLogoUpload', request, { silent: true });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (branding) => queryClient.setQueryData(brandingQuery.queryKey, branding),
  });
}
