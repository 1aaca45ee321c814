import type { QueryClient } from '@tanstack/react-query';

/**
 * After any change of risks or actions: the evaluation's header, risks, actions, their details, the action status and
 * the list are read again.
 */
export function invalidateEvaluation(client: QueryClient): void {
  for (const key of [
    'riskAssessmentEvaluationDetails',
    'riskAssessmentRiskList',
    'riskAssessmentRiskDetails',
    'riskAssessmentRiskActionList',
    'riskAssessmentRiskActionDetails',
    'riskAssessmentRiskActionStatus',
    'riskAssessmentEvaluationList',
  ]) {
    void client.invalidateQueries({ queryKey: [key] });
  }
}
