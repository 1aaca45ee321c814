import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function updateClientConfiguration(request: RequestOf<'updateClientConfiguration'>) {
  return api.call('updateClientConfiguration', request, { silent: true });
}

export function useUpdateClientConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientConfiguration,
    onSuccess: (configuration) => queryClient.setQueryData(['clientConfiguration'], configuration),
  });
}
