import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** Org units for the picker (the company area's org unit tree). */
export function useOrgUnitOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['orgUnitList', {}],
    queryFn: ({ signal }) => api.call('orgUnitList', { filter: {} }, { signal }),
    enabled,
  });
}

/** Locations for the picker (the first 100 by name). */
export function useLocationOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['locationList', 'picker'],
    queryFn: ({ signal }) => api.call('locationList', { perPage: 100, sortBy: 'name' }, { signal }),
    enabled,
  });
}
