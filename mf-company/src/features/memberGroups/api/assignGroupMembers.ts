import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function assignGroupMembers(request: RequestOf<'memberGroupAssignMembers'>) {
  return api.call('memberGroupAssignMembers', request);
}

/** Every cached group answer (list, details, members) is read again after the change. */
export function useAssignGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignGroupMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberGroups'] }),
  });
}
