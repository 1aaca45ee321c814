import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

/** The locations picked (`uuids`) or every location the list shows for its filter (`filter`: found by the server). */
export function deleteLocations(request: RequestOf<'deleteLocations'>) {
  return api.call('deleteLocations', request);
}

export function useDeleteLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocations,
    // By filter the deleted ones are not known here; their pages are not open either (the list is).
    onSuccess: (_result, request) => invalidateLocations(queryClient, 'uuids' in request ? request.uuids : []),
  });
}
