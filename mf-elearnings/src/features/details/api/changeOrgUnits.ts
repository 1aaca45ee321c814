import { api, type ElearningChangeOrgUnitsRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function assignOrgUnits(request: ElearningChangeOrgUnitsRequest) {
  return api.call('elearningAssignOrgUnits', request);
}

export function removeOrgUnits(request: ElearningChangeOrgUnitsRequest) {
  return api.call('elearningRemoveOrgUnits', request);
}

/** Assign or remove org units; tasks change with them, so every e-learning query is read again. */
export function useChangeOrgUnits(change: 'assign' | 'remove') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change === 'assign' ? assignOrgUnits : removeOrgUnits,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('elearning') }),
  });
}
