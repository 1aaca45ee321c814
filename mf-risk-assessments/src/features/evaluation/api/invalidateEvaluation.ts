import type { QueryClient } from '@tanstack/react-query';

/** After any change of risks or actions: the evaluation's header, risks, actions and the list are read again. */
export function invalidateEvaluation(client: QueryClient): void {
  for (const key of [
    'riskAssessmentEvaluationDetails',
    'riskAssessmentRiskList',
    'riskAssessmentRiskActionList',
    'riskAssessmentEvaluationList',
  ]) {
    void client.invalidateQueries({ queryKey: [key] });
  }
}
