import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function startEvaluationRound(uuid: string) {
  return api.call('riskAssessmentStartEvaluationRound', { uuid });
}

export function useStartEvaluationRound() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startEvaluationRound, onSuccess: () => invalidateEvaluation(client) });
}
