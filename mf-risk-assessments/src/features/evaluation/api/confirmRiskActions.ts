import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function confirmRiskActions(uuid: string) {
  return api.call('riskAssessmentConfirmRiskActions', { uuid });
}

export function useConfirmRiskActions() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmRiskActions, onSuccess: () => invalidateEvaluation(client) });
}
