import { api, type InstructionMyListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getMyInstructions(request: InstructionMyListRequest, signal?: AbortSignal) {
  return api.call('instructionMyList', request, { signal });
}

/** The signed-in member's instructions: to sign first, then by the day each is due again. */
export function useMyInstructions(request: InstructionMyListRequest) {
  return useQuery({
    queryKey: ['instructionMyList', request],
    queryFn: ({ signal }) => getMyInstructions(request, signal),
    placeholderData: keepPreviousData,
  });
}
