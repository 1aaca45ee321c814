import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/clientdetails/update-sso: the provider is discovered and checked before it is kept. */
export function updateSsoConfiguration(request: RequestOf<'updateSsoConfiguration'>) {
  return api.call('updateSsoConfiguration', request, { silent: true });
}

export function useUpdateSsoConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSsoConfiguration,
    onSuccess: (configuration) => queryClient.setQueryData(['ssoConfiguration'], configuration),
  });
}
