import { api, type InstructionSignOwnRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The signed-in member confirms his own attendance (the dialog shows its own error). */
export function signOwn(body: InstructionSignOwnRequest) {
  return api.call('instructionSignOwn', body, { silent: true });
}

export function useSignOwn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signOwn,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('instruction') }),
  });
}
