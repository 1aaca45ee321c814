import { api } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getTaskCounts(signal?: AbortSignal) {
  return api.call('startTaskCounts', {}, { signal });
}

export const taskCountsQuery = () =>
  queryOptions({ queryKey: ['startTaskCounts'], queryFn: ({ signal }) => getTaskCounts(signal) });

export function useTaskCounts() {
  return useQuery(taskCountsQuery());
}
