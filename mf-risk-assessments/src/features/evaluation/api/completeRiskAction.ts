import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function completeRiskAction(request: { uuid: string; doneAt: string }) {
  return api.call('riskAssessmentCompleteRiskAction', request);
}

export function useCompleteRiskAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: completeRiskAction, onSuccess: () => invalidateEvaluation(client) });
}
