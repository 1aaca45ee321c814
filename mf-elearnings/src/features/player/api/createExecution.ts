import { api } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** Starts the member's execution of a task, or finds the running one (resume). */
export function createExecution(taskUuid: string) {
  return api.call('elearningCreateExecution', { taskUuid });
}

export function useCreateExecution() {
  return useMutation({ mutationFn: createExecution });
}
