import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getOrgUnitAssignments(uuid: string, signal?: AbortSignal) {
  return api.call('elearningOrgUnitAssignments', { uuid }, { signal });
}

export function useOrgUnitAssignments(uuid: string) {
  return useQuery({
    queryKey: ['elearningOrgUnitAssignments', uuid],
    queryFn: ({ signal }) => getOrgUnitAssignments(uuid, signal),
  });
}
