import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Adds the members who joined the instruction's target since it was recorded: each gets a row to sign. */
export function addJoiners(uuid: string) {
  return api.call('instructionAddJoiners', { uuid });
}

export function useAddJoiners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addJoiners,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('instruction') }),
  });
}
