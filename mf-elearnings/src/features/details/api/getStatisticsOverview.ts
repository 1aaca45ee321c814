import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getStatisticsOverview(uuid: string, signal?: AbortSignal) {
  return api.call('elearningStatisticsOverview', { uuid }, { signal });
}

export function useStatisticsOverview(uuid: string) {
  return useQuery({
    queryKey: ['elearningStatisticsOverview', uuid],
    queryFn: ({ signal }) => getStatisticsOverview(uuid, signal),
  });
}
