import { api, type RequestOf } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/clientdetails/create-scim-token: the answer holds the token itself, the only time it is shown. */
export function createScimToken(request: RequestOf<'createScimToken'>) {
  return api.call('createScimToken', request, { silent: true });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScimToken,
    onSuccess: (answer) => queryClient.setQueryData(['scimSettings'], answer.settings),
  });
}
