import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function removeOrgUnitMembers(request: RequestOf<'orgUnitRemoveMembers'>) {
  return api.call('orgUnitRemoveMembers', request);
}

/** The tree, details and member tables are read again after the change (counts and names move with it). */
export function useRemoveOrgUnitMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOrgUnitMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgUnits'] }),
  });
}
