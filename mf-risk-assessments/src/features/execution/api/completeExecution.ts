import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function completeExecution(uuid: string) {
  return api.call('riskAssessmentCompleteExecution', { uuid });
}

/** Completing is idempotent on the server: a double click completes once. */
export function useCompleteExecution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeExecution,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['riskAssessmentMemberTasks'] });
    },
  });
}
