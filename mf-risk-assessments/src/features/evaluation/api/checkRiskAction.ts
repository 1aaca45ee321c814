import { api, type CheckRiskActionRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function checkRiskAction(request: CheckRiskActionRequest) {
  return api.call('riskAssessmentCheckRiskAction', request);
}

export function useCheckRiskAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: checkRiskAction, onSuccess: () => invalidateEvaluation(client) });
}
