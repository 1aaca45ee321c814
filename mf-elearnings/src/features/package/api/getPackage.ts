import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function getPackage(uuid: string, signal?: AbortSignal) {
  return api.call('elearningPackage', { uuid }, { signal });
}

export const packageQueryKey = (uuid: string) => ['elearningPackage', uuid] as const;

export function usePackage(uuid: string) {
  return useQuery({ queryKey: packageQueryKey(uuid), queryFn: ({ signal }) => getPackage(uuid, signal) });
}
