import { api, type ChangeLocationMembersRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLocations } from './invalidateLocations';

export function assignLocationMembers(request: ChangeLocationMembersRequest) {
  return api.call('assignLocationMembers', request);
}

export function useAssignLocationMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignLocationMembers, onSuccess: () => invalidateLocations(queryClient) });
}
