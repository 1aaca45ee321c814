import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function addOrgUnitMembers(request: RequestOf<'orgUnitAddMembers'>) {
  return api.call('orgUnitAddMembers', request);
}

/** The tree, details and member tables are read again after the change (counts and names move with it). */
export function useAddOrgUnitMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrgUnitMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgUnits'] }),
  });
}
