import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getMemberStatistics(signal?: AbortSignal) {
  return api.call('elearningMemberStatistics', {}, { signal });
}

export function useMemberStatistics() {
  return useQuery({ queryKey: ['elearningMemberStatistics'], queryFn: ({ signal }) => getMemberStatistics(signal) });
}
