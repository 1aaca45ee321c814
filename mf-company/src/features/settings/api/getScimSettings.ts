import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** POST /api/clientdetails/read-scim: the SCIM base URL, what groups become, and the tokens (never the tokens themselves). */
export function getScimSettings(signal?: AbortSignal) {
  return api.call('scimSettings', {}, { signal });
}

export function useScimSettings() {
  return useQuery({ queryKey: ['scimSettings'], queryFn: ({ signal }) => getScimSettings(signal) });
}
