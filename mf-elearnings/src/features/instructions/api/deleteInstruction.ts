import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Deletes an instruction nobody has signed (a signed record answers 409 Instruction.Signed, shown as a toast). */
export function deleteInstruction(uuid: string) {
  return api.call('instructionDelete', { uuid });
}

export function useDeleteInstruction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInstruction,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('instruction') }),
  });
}
