import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** The org units a member belongs to or administers, with their parent's name. */
export function getMemberOrgUnits(uuid: string, signal?: AbortSignal) {
  return api.call('memberOrgUnitList', { uuid }, { signal });
}

export function useMemberOrgUnits(uuid: string) {
  return useQuery({
    queryKey: ['memberOrgUnits', uuid],
    queryFn: ({ signal }) => getMemberOrgUnits(uuid, signal),
  });
}
