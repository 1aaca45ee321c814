import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function copyMemberAssignments(request: RequestOf<'orgUnitCopyMemberAssignments'>) {
  return api.call('orgUnitCopyMemberAssignments', request);
}

/** The tree, details and member tables are read again after the change (counts and names move with it). */
export function useCopyMemberAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyMemberAssignments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgUnits'] }),
  });
}
