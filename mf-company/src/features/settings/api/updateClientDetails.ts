import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function updateClientDetails(request: RequestOf<'updateClientDetails'>) {
  // The form shows the code's message itself (e.g. a postal code that does not fit the country).
  return api.call('updateClientDetails', request, { silent: true });
}

export function useUpdateClientDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clientDetails'] }),
  });
}
