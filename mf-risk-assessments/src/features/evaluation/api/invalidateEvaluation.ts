import type { QueryClient } from '@tanstack/react-query';

/**
 * After any change of risks or actions: the evaluation's header, risks, actions, their details, the action status,
 * the list, "my actions" and the start page's counts are read again.
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
    // The member's own actions and the start page's counts of them (the follow-up of agreed actions).
    'riskAssessmentMyRiskActions',
    'startTaskCounts',
  ]) {
    void client.invalidateQueries({ queryKey: [key] });
  }
}
