import { api, type CreateRiskActionRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function createRiskAction(request: CreateRiskActionRequest) {
  return api.call('riskAssessmentCreateRiskAction', request);
}

export function useCreateRiskAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createRiskAction, onSuccess: () => invalidateEvaluation(client) });
}
