import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getSettings(uuid: string, signal?: AbortSignal) {
  return api.call('elearningSettings', { uuid }, { signal });
}

export function useElearningSettings(uuid: string) {
  return useQuery({ queryKey: ['elearningSettings', uuid], queryFn: ({ signal }) => getSettings(uuid, signal) });
}
