import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function readOrgUnitList() {
  return api.call('profileReadOrgUnitList', {});
}

export function useOrgUnitList() {
  return useQuery({ queryKey: ['profile', 'org-units'], queryFn: readOrgUnitList });
}
