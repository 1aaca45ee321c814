import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/clientdetails/remove-sso: members sign in with their passwords again. */
export function removeSsoConfiguration() {
  return api.call('removeSsoConfiguration', {}, { silent: true });
}

export function useRemoveSsoConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoConfiguration,
    onSuccess: (configuration) => queryClient.setQueryData(['ssoConfiguration'], configuration),
  });
}
