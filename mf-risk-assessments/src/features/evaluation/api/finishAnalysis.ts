import { api } from '@dash/shared-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export function finishAnalysis(assignmentUuid: string) {
  return api.call('riskAssessmentFinishAnalysis', { assignmentUuid });
}

/** Ends the analysis phase of one assignment; the evaluation list and the catalogue counts are read again. */
export function useFinishAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: finishAnalysis,
    onSuccess: () => {
      for (const key of [
        'riskAssessmentEvaluationList',
        'riskAssessmentCatalog',
        'riskAssessmentDetails',
        'riskAssessmentAssignmentList',
      ]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
