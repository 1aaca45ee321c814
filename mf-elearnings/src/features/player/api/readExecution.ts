import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

export function readExecution(uuid: string, signal?: AbortSignal) {
  return api.call('elearningReadExecution', { uuid }, { signal });
}

/** The execution with its stored cmi tree; read once per visit (the runtime owns the data afterwards). */
export function useExecution(uuid: string) {
  return useQuery({
    queryKey: ['elearningReadExecution', uuid],
    queryFn: ({ signal }) => readExecution(uuid, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
