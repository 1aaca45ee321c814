import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function updateMemberGroup(request: RequestOf<'memberGroupUpdate'>) {
  return api.call('memberGroupUpdate', request);
}

/** Every cached group answer (list, details, members) is read again after the change. */
export function useUpdateMemberGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberGroups'] }),
  });
}
