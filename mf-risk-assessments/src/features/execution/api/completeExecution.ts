import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Completes from the window that holds the lock. */
export function completeExecution(request: { uuid: string; windowId: string }) {
  return api.call('riskAssessmentCompleteExecution', request);
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
