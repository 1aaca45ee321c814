import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/clientdetails/update-scim: what the directory's groups become (org units or member groups). */
export function updateScimSettings(request: RequestOf<'updateScimSettings'>) {
  return api.call('updateScimSettings', request);
}

export function useUpdateScimSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScimSettings,
    onSuccess: (settings) => queryClient.setQueryData(['scimSettings'], settings),
  });
}
