import { api } from '@dash/shared-core';
import { useQuery } from '@tanstack/react-query';

/** The execution with the SCO the member was in (or `scoId`): its tree, its commit number, every item's status. */
export function readExecution(uuid: string, signal?: AbortSignal) {
  return api.call('elearningReadExecution', { uuid }, { signal });
}

/** Another item of the execution, opened from the table of contents (errors shown in place: no toast). */
export function readExecutionItem(uuid: string, scoId: string) {
  return api.call('elearningReadExecution', { uuid, scoId }, { silent: true });
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
