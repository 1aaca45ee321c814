import { api, type InstructionCreateRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function createInstruction(body: InstructionCreateRequest) {
  return api.call('instructionCreate', body, { silent: true });
}

export function useCreateInstruction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInstruction,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('instruction') }),
  });
}
