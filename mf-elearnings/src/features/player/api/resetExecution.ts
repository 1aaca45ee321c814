import { api } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** Start over: the running execution closes (results stay) and a new one begins. */
export function resetExecution(uuid: string) {
  return api.call('elearningResetExecution', { uuid });
}

export function useResetExecution() {
  return useMutation({ mutationFn: resetExecution });
}
