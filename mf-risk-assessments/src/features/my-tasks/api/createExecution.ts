import { api } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** Starts (or reopens) the analysis of one of the member's tasks: answers its execution uuid. */
export function createExecution(memberTaskUuid: string) {
  return api.call('riskAssessmentCreateExecution', { memberTaskUuid });
}

export function useCreateExecution() {
  return useMutation({ mutationFn: createExecution });
}
