import { api, type RequestOf } from '@dash/shared-core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

type SupportAuditRequest = RequestOf<'supportAuditList'>;

export function getSupportAudit(request: SupportAuditRequest, signal?: AbortSignal) {
  return api.call('supportAuditList', request, { signal });
}

export function supportAuditQuery(request: SupportAuditRequest) {
  return queryOptions({
    queryKey: ['supportAuditList', request],
    queryFn: ({ signal }) => getSupportAudit(request, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSupportAudit(request: SupportAuditRequest) {
  return useQuery(supportAuditQuery(request));
}
