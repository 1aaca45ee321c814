import { api, type ElearningStatisticsRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getStatistics(request: ElearningStatisticsRequest, signal?: AbortSignal) {
  return api.call('elearningStatistics', request, { signal });
}

export function useStatistics(request: ElearningStatisticsRequest) {
  return useQuery({
    queryKey: ['elearningStatistics', request],
    queryFn: ({ signal }) => getStatistics(request, signal),
    placeholderData: keepPreviousData,
  });
}
