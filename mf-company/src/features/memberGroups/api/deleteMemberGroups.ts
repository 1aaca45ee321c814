import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteMemberGroups(request: RequestOf<'memberGroupDelete'>) {
  return api.call('memberGroupDelete', request);
}

/** Whether a group query (details: key [.., 'details', uuid]; members: key [.., 'members', {uuid, ...}]) is about `uuids`. */
export function isAboutGroups(queryKey: readonly unknown[], uuids: readonly string[]): boolean {
  const subject = queryKey[2];
  const uuid = typeof subject === 'string' ? subject : (subject as { uuid?: unknown } | undefined)?.uuid;
  return (queryKey[1] === 'details' || queryKey[1] === 'members') && typeof uuid === 'string' && uuids.includes(uuid);
}

/**
 * The lists are read again; the deleted groups' own answers (details, members tab) are not: that would answer 404
 * while a deleted group's page is still closing (a "not found" error beside the success toast).
 */
export function useDeleteMemberGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemberGroups,
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({
        queryKey: ['memberGroups'],
        // By filter the deleted ones are not known here; their pages are not open either (the list is).
        predicate: (query) => !('uuids' in request && isAboutGroups(query.queryKey, request.uuids)),
      }),
  });
}
