import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function deleteOrgUnit(request: RequestOf<'orgUnitDelete'>) {
  return api.call('orgUnitDelete', request);
}

/**
 * The tree and member tables are read again; the deleted unit's own answers are dropped, not read again (that
 * would answer 404 while its page is still closing).
 */
export function useDeleteOrgUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrgUnit,
    onSuccess: (_answer, request) =>
      queryClient.invalidateQueries({
        queryKey: ['orgUnits'],
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === request.uuid),
      }),
  });
}
