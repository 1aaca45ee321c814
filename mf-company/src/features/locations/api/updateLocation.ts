import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

export function updateLocation(request: RequestOf<'updateLocationDetail'>) {
  // The form shows the code's message itself (e.g. a name that is taken).
  return api.call('updateLocationDetail', request, { silent: true });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: () => invalidateLocations(queryClient) });
}
