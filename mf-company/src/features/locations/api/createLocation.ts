import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

export function createLocation(request: RequestOf<'createLocation'>) {
  // The modal shows the code's message itself (e.g. a name that is taken).
  return api.call('createLocation', request, { silent: true });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocation, onSuccess: () => invalidateLocations(queryClient) });
}
