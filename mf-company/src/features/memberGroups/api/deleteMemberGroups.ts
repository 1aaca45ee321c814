import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteMemberGroups(request: RequestOf<'memberGroupDelete'>) {
  return api.call('memberGroupDelete', request);
}

/**
 * The list is read again; the deleted groups' own answers are not (that would answer 404 while a deleted group's
 * page is still closing).
 */
export function useDeleteMemberGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemberGroups,
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({
        queryKey: ['memberGroups'],
        predicate: (query) => !(query.queryKey[1] === 'details' && request.uuids.includes(String(query.queryKey[2]))),
      }),
  });
}
