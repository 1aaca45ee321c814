import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteMembers(uuids: string[]) {
  return api.call('archivedMemberDelete', { uuids });
}

export function useDeleteMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMembers,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['archivedMemberList'] }),
  });
}
