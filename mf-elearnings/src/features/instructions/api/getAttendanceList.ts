import { api, type InstructionAttendanceListRequest } from '@dash/shared-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export function getAttendanceList(request: InstructionAttendanceListRequest, signal?: AbortSignal) {
  return api.call('instructionAttendanceList', request, { signal });
}

/** An instruction's members with who has signed, a page at a time. */
export function useAttendanceList(request: InstructionAttendanceListRequest) {
  return useQuery({
    queryKey: ['instructionAttendanceList', request],
    queryFn: ({ signal }) => getAttendanceList(request, signal),
    placeholderData: keepPreviousData,
  });
}
