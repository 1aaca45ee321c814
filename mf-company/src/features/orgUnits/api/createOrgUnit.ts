import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function createOrgUnit(request: RequestOf<'orgUnitCreate'>) {
  return api.call('orgUnitCreate', request);
}

/** The tree, details and member tables are read again after the change (counts and names move with it). */
export function useCreateOrgUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrgUnit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgUnits'] }),
  });
}
