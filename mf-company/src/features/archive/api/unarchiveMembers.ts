import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function unarchiveMembers(uuids: string[]) {
  return api.call('archivedMemberUnarchive', { uuids });
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
