import { api, type LicenseeStaffListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getStaffList(request: LicenseeStaffListRequest, signal?: AbortSignal) {
  return api.call('licenseeStaffList', request, { signal });
}

export function staffListQuery(request: LicenseeStaffListRequest) {
  return queryOptions({
    queryKey: ['licenseeStaffList', request],
    queryFn: ({ signal }) => getStaffList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffList(request: LicenseeStaffListRequest) {
  return useQuery(staffListQuery(request));
}
