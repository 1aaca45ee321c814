import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/clientdetails/revoke-scim-token: the directory's next request with it is refused. */
export function revokeScimToken(request: RequestOf<'revokeScimToken'>) {
  return api.call('revokeScimToken', request);
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeScimToken,
    onSuccess: (settings) => queryClient.setQueryData(['scimSettings'], settings),
  });
}
