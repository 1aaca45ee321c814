import { api, type InstructionSignForMemberRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A member's signature drawn on the instructor's device (the dialog shows its own error). */
export function signForMember(body: InstructionSignForMemberRequest) {
  return api.call('instructionSignForMember', body, { silent: true });
}

export function useSignForMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signForMember,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('instruction') }),
  });
}
