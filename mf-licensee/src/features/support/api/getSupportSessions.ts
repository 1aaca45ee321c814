import { api, type LicenseeSupportSessionListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getSupportSessions(request: LicenseeSupportSessionListRequest, signal?: AbortSignal) {
  return api.call('licenseeSupportSessionList', request, { signal });
}

export function supportSessionsQuery(request: LicenseeSupportSessionListRequest) {
  return queryOptions({
    queryKey: ['licenseeSupportSessionList', request],
    queryFn: ({ signal }) => getSupportSessions(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSupportSessions(request: LicenseeSupportSessionListRequest) {
  return useQuery(supportSessionsQuery(request));
}
