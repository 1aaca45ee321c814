import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The archived members picked (`uuids`) or every one the archive list shows for its filter (`filter`). */
export function deleteMembers(request: RequestOf<'archivedMemberDelete'>) {
  return api.call('archivedMemberDelete', request);
}

export function useDeleteMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMembers,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['archivedMemberList'] }),
  });
}
