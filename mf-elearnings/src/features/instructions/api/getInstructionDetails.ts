import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getInstructionDetails(uuid: string, signal?: AbortSignal) {
  return api.call('instructionDetails', { uuid }, { signal });
}

export function useInstructionDetails(uuid: string) {
  return useQuery({
    queryKey: ['instructionDetails', uuid],
    queryFn: ({ signal }) => getInstructionDetails(uuid, signal),
  });
}
