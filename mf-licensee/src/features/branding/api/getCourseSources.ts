import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getCourseSources(signal?: AbortSignal) {
  return api.call('licenseeCourseSources', undefined, { signal });
}

export const courseSourcesQuery = queryOptions({
  queryKey: ['licenseeCourseSources'],
  queryFn: ({ signal }) => getCourseSources(signal),
});

export function useCourseSources() {
  return useQuery(courseSourcesQuery);
}
