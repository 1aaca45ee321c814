import { api, type LicenseeUsageListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getUsageList(request: LicenseeUsageListRequest, signal?: AbortSignal) {
  return api.call('licenseeUsageList', request, { signal });
}

export function usageListQuery(request: LicenseeUsageListRequest) {
  return queryOptions({
    queryKey: ['licenseeUsageList', request],
    queryFn: ({ signal }) => getUsageList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsageList(request: LicenseeUsageListRequest) {
  return useQuery(usageListQuery(request));
}
