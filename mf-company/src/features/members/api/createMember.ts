import { api, type MemberCreateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearMemberListCache } from './getMemberList';

export function createMember(body: MemberCreateRequest) {
  return api.call('memberCreate', body, { silent: true });
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMember, onSuccess: () => clearMemberListCache(queryClient) });
}
