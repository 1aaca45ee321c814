import { api } from '@dash/shared-core';
import { useCan } from '@dash/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { orgUnitTreeQuery } from '../../orgUnits/api/getOrgUnitTree';

/**
 * The org unit tree to pick from: the org units screens' own query, so that a unit created or renamed there shows
 * here without a reload. Asked only with the permission to read it (no error for roles that lack it).
 */
export function useOrgUnitChoices() {
  const can = useCan();
  return useQuery({ ...orgUnitTreeQuery(), enabled: can(['org-unit.org-unit-list']), retry: false });
}

/** The largest page the table contract allows: a client has at most a few dozen locations. */
export const LOCATION_CHOICES_PER_PAGE = 100;

export function getLocationChoices(signal?: AbortSignal) {
  return api.call(
    'locationList',
    { filter: {}, page: 1, perPage: LOCATION_CHOICES_PER_PAGE, sortBy: 'name', sortDirection: 'asc' },
    // Silent: the picker says itself when the choices cannot be loaded.
    { signal, silent: true },
  );
}

export function useLocationChoices() {
  const can = useCan();
  return useQuery({
    queryKey: ['locations', 'choices'],
    queryFn: ({ signal }) => getLocationChoices(signal),
    enabled: can(['location.location-list']),
    retry: false,
  });
}
