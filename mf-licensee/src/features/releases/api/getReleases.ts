import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getReleases(clientUuid: string | null, signal?: AbortSignal) {
  return api.call('licenseeReleases', { clientUuid }, { signal });
}

export const releasesQuery = (clientUuid: string | null) =>
  queryOptions({
    queryKey: ['licenseeReleases', clientUuid],
    queryFn: ({ signal }) => getReleases(clientUuid, signal),
  });

/** Each area's releases and the choices for the licensee (`clientUuid` null) or one of its clients. */
export function useReleases(clientUuid: string | null) {
  return useQuery(releasesQuery(clientUuid));
}
