import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function removeGroupMembers(request: RequestOf<'memberGroupRemoveMembers'>) {
  return api.call('memberGroupRemoveMembers', request);
}

/** Every cached group answer (list, details, members) is read again after the change. */
export function useRemoveGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberGroups'] }),
  });
}
