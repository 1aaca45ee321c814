/** Paths of the risk-assessment area (spec section 2, "Risk assessments"). */
const BASE = '/dashboard/apps/risk-assessments';
export const RISK_ASSESSMENT_ROUTES = {
  myAnalyses: `${BASE}/my-analyses`,
  myActions: `${BASE}/my-actions`,
  evaluationList: `${BASE}/evaluation/list`,
  evaluationDetails: `${BASE}/evaluation/details/:riskAssessmentExecutionResultUuid/:tabId`,
  riskActionList: `${BASE}/evaluation/details/:riskAssessmentExecutionResultUuid/risk-action-list`,
  catalogList: `${BASE}/catalog/list`,
  catalogDetails: `${BASE}/catalog/details/:riskAssessmentTaskUuid/:tabId`,
  execution: `${BASE}/execution/:executionUuid`,
} as const;
