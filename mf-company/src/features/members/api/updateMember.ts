import { api, type MemberUpdateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearMemberListCache } from './getMemberList';

export function updateMember(body: MemberUpdateRequest) {
  return api.call('memberUpdate', body, { silent: true });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (member) => {
      clearMemberListCache(queryClient);
      queryClient.setQueryData(['memberDetails', member.uuid], member);
      void queryClient.invalidateQueries({ queryKey: ['memberHistory', member.uuid] });
    },
  });
}
