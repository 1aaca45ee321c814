import { api, type LicenseeAuditListRequest } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export function getAuditList(request: LicenseeAuditListRequest, signal?: AbortSignal) {
  return api.call('licenseeAuditList', request, { signal });
}

export function auditListQuery(request: LicenseeAuditListRequest) {
  return queryOptions({
    queryKey: ['licenseeAuditList', request],
    queryFn: ({ signal }) => getAuditList(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditList(request: LicenseeAuditListRequest) {
  return useQuery(auditListQuery(request));
}
