import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearMemberListCache } from './getMemberList';

export function archiveMembers(uuids: string[]) {
  return api.call('memberArchive', { uuids });
}

export function useArchiveMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveMembers,
    onSuccess: () => {
      clearMemberListCache(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['archivedMemberList'] });
    },
  });
}
