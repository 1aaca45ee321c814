import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getResultData(uuid: string, signal?: AbortSignal) {
  return api.call('elearningResultData', { uuid }, { signal });
}

/** The certificate's data: fixed at completion. */
export function useResultData(uuid: string) {
  return useQuery({
    queryKey: ['elearningResultData', uuid],
    queryFn: ({ signal }) => getResultData(uuid, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The PDF of the certificate (a GET: the browser downloads it like any file). */
export function certificatePdfUrl(uuid: string): string {
  return `/api/elearning/certificate-pdf?uuid=${encodeURIComponent(uuid)}`;
}
