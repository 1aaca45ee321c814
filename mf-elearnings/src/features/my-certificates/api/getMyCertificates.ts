import { api, type MyCertificatesRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getMyCertificates(request: MyCertificatesRequest, signal?: AbortSignal) {
  return api.call('elearningMyCertificates', request, { signal });
}

/** The signed-in member's certificates, a page at a time (sorted and filtered by the server). */
export function useMyCertificates(request: MyCertificatesRequest) {
  return useQuery({
    queryKey: ['elearningMyCertificates', request],
    queryFn: ({ signal }) => getMyCertificates(request, signal),
    placeholderData: keepPreviousData,
  });
}
