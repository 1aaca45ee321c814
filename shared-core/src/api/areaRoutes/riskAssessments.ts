import type { RouteTable } from './routeTable';

/** Method and path of the risk-assessment calls (spec section 7); the contract in `../../contract` adds their schemas. */
const PREFIX = '/api/risk-assessment';
export const RISK_ASSESSMENTS_ROUTES = {
  riskAssessmentCatalog: { method: 'POST', path: `${PREFIX}/read-catalog-list`, reads: true },
  riskAssessmentTypeList: { method: 'POST', path: `${PREFIX}/read-type-list`, reads: true },
  riskAssessmentSettings: { method: 'POST', path: `${PREFIX}/read-settings`, reads: true },
  riskAssessmentSaveSettings: { method: 'POST', path: `${PREFIX}/save-settings` },
  riskAssessmentAssignmentList: { method: 'POST', path: `${PREFIX}/read-assignment-list`, reads: true },
  riskAssessmentAssignOrgUnits: { method: 'POST', path: `${PREFIX}/assign-org-units` },
  riskAssessmentAssignLocation: { method: 'POST', path: `${PREFIX}/assign-location` },
  riskAssessmentAssignMember: { method: 'POST', path: `${PREFIX}/assign-member` },
  riskAssessmentDeleteAssignments: { method: 'POST', path: `${PREFIX}/delete-task-assignments` },
  riskAssessmentMemberTasks: { method: 'POST', path: `${PREFIX}/read-member-tasks`, reads: true },
  riskAssessmentContent: { method: 'POST', path: `${PREFIX}/read-content`, reads: true },
  riskAssessmentCreateExecution: { method: 'POST', path: `${PREFIX}/create-execution` },
  riskAssessmentExecution: { method: 'POST', path: `${PREFIX}/read-execution` },
  riskAssessmentSaveExecution: { method: 'POST', path: `${PREFIX}/save-execution` },
  riskAssessmentCompleteExecution: { method: 'POST', path: `${PREFIX}/complete-execution` },
  riskAssessmentEvaluationList: { method: 'POST', path: `${PREFIX}/read-assignment-overview-list`, reads: true },
  riskAssessmentFinishAnalysis: { method: 'POST', path: `${PREFIX}/finish-analysis` },
  riskAssessmentEvaluationDetails: { method: 'POST', path: `${PREFIX}/read-execution-result-details`, reads: true },
  riskAssessmentRiskList: { method: 'POST', path: `${PREFIX}/read-risk-list`, reads: true },
  riskAssessmentCreateRiskAction: { method: 'POST', path: `${PREFIX}/create-risk-action` },
  riskAssessmentUpdateRiskAction: { method: 'POST', path: `${PREFIX}/update-risk-action` },
  riskAssessmentSetRiskNotRelevant: { method: 'POST', path: `${PREFIX}/set-risk-not-relevant` },
  riskAssessmentConfirmRiskActions: { method: 'POST', path: `${PREFIX}/confirm-risk-actions` },
  riskAssessmentCompleteRiskAction: { method: 'POST', path: `${PREFIX}/complete-risk-action` },
  riskAssessmentRiskActionList: { method: 'POST', path: `${PREFIX}/read-risk-action-list`, reads: true },
  riskAssessmentExportRiskActionList: { method: 'POST', path: `${PREFIX}/export-risk-action-list`, reads: true },
  riskAssessmentUnitActions: { method: 'POST', path: `${PREFIX}/read-unit-actions`, reads: true },
} as const satisfies RouteTable;
