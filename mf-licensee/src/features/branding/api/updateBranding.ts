import { api, type LicenseeBrandingFields } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQuery } from './getBranding';

export function updateBranding(fields: LicenseeBrandingFields) {
  // The form shows the code's message itself (a contrast below WCAG AA).
  return api.call('licenseeBrandingUpdate', fields, { silent: true });
}

export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (branding) => queryClient.setQueryData(brandingQuery.queryKey, branding),
  });
}
