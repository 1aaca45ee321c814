import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearMemberListCache } from './getMemberList';

/** The members picked (`uuids`) or every member the list shows for its filter (`filter`: found by the server). */
export function archiveMembers(request: RequestOf<'memberArchive'>) {
  return api.call('memberArchive', request);
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
