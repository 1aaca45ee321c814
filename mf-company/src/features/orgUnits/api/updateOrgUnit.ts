import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function updateOrgUnit(request: RequestOf<'orgUnitUpdate'>) {
  return api.call('orgUnitUpdate', request);
}

/** The tree, details and member tables are read again after the change (counts and names move with it). */
export function useUpdateOrgUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrgUnit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgUnits'] }),
  });
}
