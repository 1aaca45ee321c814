import { type ApproveEvaluationRequest, api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEvaluation } from './invalidateEvaluation';

export function approveEvaluation(request: ApproveEvaluationRequest) {
  return api.call('riskAssessmentApproveEvaluation', request);
}

export function useApproveEvaluation() {
  const client = useQueryClient();
  return useMutation({ mutationFn: approveEvaluation, onSuccess: () => invalidateEvaluation(client) });
}
