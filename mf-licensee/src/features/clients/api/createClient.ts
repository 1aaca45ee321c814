import { api, type LicenseeClientCreateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateClients } from './invalidateClients';

export function createClient(request: LicenseeClientCreateRequest) {
  // The form shows the code's message itself (a company ID that is taken or invalid).
  return api.call('licenseeClientCreate', request, { silent: true });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClient, onSuccess: () => invalidateClients(queryClient) });
}
