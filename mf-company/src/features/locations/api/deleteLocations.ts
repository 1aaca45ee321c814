import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

export function deleteLocations(uuids: string[]) {
  return api.call('deleteLocations', { uuids });
}

export function useDeleteLocations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocations,
    onSuccess: (_result, uuids) => invalidateLocations(queryClient, uuids),
  });
}
