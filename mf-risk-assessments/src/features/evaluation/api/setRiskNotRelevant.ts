import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function setRiskNotRelevant(request: { uuid: string; notRelevant: boolean; reason: string | null }) {
  return api.call('riskAssessmentSetRiskNotRelevant', request);
}

export function useSetRiskNotRelevant() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setRiskNotRelevant, onSuccess: () => invalidateEvaluation(client) });
}
