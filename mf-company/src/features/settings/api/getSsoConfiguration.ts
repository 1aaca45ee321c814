import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** POST /api/clientdetails/read-sso: the company's OpenID provider (never its secret). */
export function getSsoConfiguration(signal?: AbortSignal) {
  return api.call('ssoConfiguration', {}, { signal });
}

export function useSsoConfiguration() {
  return useQuery({ queryKey: ['ssoConfiguration'], queryFn: ({ signal }) => getSsoConfiguration(signal) });
}
