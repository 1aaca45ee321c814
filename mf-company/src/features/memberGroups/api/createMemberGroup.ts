import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function createMemberGroup(request: RequestOf<'memberGroupCreate'>) {
  return api.call('memberGroupCreate', request);
}

/** Every cached group answer (list, details, members) is read again after the change. */
export function useCreateMemberGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMemberGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memberGroups'] }),
  });
}
