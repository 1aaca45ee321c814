import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

export function getEvidencePhoto(uuid: string, signal?: AbortSignal) {
  return api.callForFile('riskAssessmentEvidencePhoto', { uuid }, { signal });
}

/**
 * A photo as an address the page can show (an object URL of the answer's bytes: the call needs the session's XSRF
 * header, which an <img> cannot send). A photo never changes, so it is kept for the page's life.
 */
export function useEvidencePhotoUrl(uuid: string): string | null {
  const query = useQuery({
    queryKey: ['riskAssessmentEvidencePhoto', uuid],
    queryFn: ({ signal }) => getEvidencePhoto(uuid, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
