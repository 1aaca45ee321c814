import { api, type InstructionListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getInstructionList(request: InstructionListRequest, signal?: AbortSignal) {
  return api.call('instructionList', request, { signal });
}

/** The client's recorded instructions, a page at a time (sorted, filtered and paged by the server). */
export function useInstructionList(request: InstructionListRequest) {
  return useQuery({
    queryKey: ['instructionList', request],
    queryFn: ({ signal }) => getInstructionList(request, signal),
    placeholderData: keepPreviousData,
  });
}
