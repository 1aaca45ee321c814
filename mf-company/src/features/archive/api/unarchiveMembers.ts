import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The archived members picked (`uuids`) or every one the archive list shows for its filter (`filter`). */
export function unarchiveMembers(request: RequestOf<'archivedMemberUnarchive'>) {
  return api.call('archivedMemberUnarchive', request);
}

export function useUnarchiveMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveMembers,
    onSuccess: () => {
      // The member list cache (spec section 7) and the archive both change.
      queryClient.removeQueries({ queryKey: ['memberList'] });
      void queryClient.invalidateQueries({ queryKey: ['archivedMemberList'] });
    },
  });
}
