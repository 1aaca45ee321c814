import { api, type ChangeLocationMembersRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

export function removeLocationMembers(request: ChangeLocationMembersRequest) {
  return api.call('removeLocationMembers', request);
}

export function useRemoveLocationMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLocationMembers, onSuccess: () => invalidateLocations(queryClient) });
}
