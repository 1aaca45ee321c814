import { api, type LicenseeClientUpdateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateClients } from './invalidateClients';

export function updateClient(request: LicenseeClientUpdateRequest) {
  // The form shows the code's message itself (a member limit below the members, a postal code).
  return api.call('licenseeClientUpdate', request, { silent: true });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (details) => {
      queryClient.setQueryData(['licenseeClientDetails', details.uuid], details);
      return invalidateClients(queryClient);
    },
  });
}
