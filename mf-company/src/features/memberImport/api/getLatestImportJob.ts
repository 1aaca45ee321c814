import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The signed-in member's latest import job: the page takes a running job up again after it was left. */
export function getLatestImportJob(signal?: AbortSignal) {
  return api.call('memberImportLatestJob', {}, { signal });
}

export function latestImportJobQuery() {
  return queryOptions({
    queryKey: ['memberImportLatestJob'],
    queryFn: ({ signal }) => getLatestImportJob(signal),
    staleTime: 0,
  });
}

export function useLatestImportJob() {
  return useQuery(latestImportJobQuery());
}
