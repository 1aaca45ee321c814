import { api, type LicenseeClientListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getClientList(request: LicenseeClientListRequest, signal?: AbortSignal) {
  return api.call('licenseeClientList', request, { signal });
}

export function clientListQuery(request: LicenseeClientListRequest) {
  return queryOptions({
    queryKey: ['licenseeClientList', request],
    queryFn: ({ signal }) => getClientList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClientList(request: LicenseeClientListRequest) {
  return useQuery(clientListQuery(request));
}
