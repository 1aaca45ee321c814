import { api, type LicenseeImage } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';

/** Removes the logo or the mood image: the sign-in page shows the default again. */
export function removeImage(image: LicenseeImage) {
  return api.call('licenseeImageRemove', { image }, { silent: true });
}

export function useRemoveImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeImage,
    onSuccess: (branding) => queryClient.setQueryData(brandingQuery.queryKey, branding),
  });
}
