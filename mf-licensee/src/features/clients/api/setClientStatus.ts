import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateClients } from './invalidateClients';

/** Deactivate (active false) or reactivate a client. */
export function setClientStatus(request: { uuid: string; active: boolean }) {
  return api.call('licenseeClientSetStatus', request);
}

export function useSetClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientStatus,
    onSuccess: (details) => {
      queryClient.setQueryData(['licenseeClientDetails', details.uuid], details);
      return invalidateClients(queryClient);
    },
  });
}
