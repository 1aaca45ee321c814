import { api, type UpdateRiskActionRequest } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function updateRiskAction(request: UpdateRiskActionRequest) {
  return api.call('riskAssessmentUpdateRiskAction', request);
}

export function useUpdateRiskAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRiskAction, onSuccess: () => invalidateEvaluation(client) });
}
