import type { RouteTable } from '../routeTable';

/** Method and path of the e-learning calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const ELEARNINGS_ROUTES = {
  elearningCatalog: { method: 'POST', path: '/api/elearning/read-catalog', reads: true },
  elearningDetails: { method: 'POST', path: '/api/elearning/read-details', reads: true },
  elearningSettings: { method: 'POST', path: '/api/elearning/read-settings', reads: true },
  elearningSaveSettings: { method: 'POST', path: '/api/elearning/save-settings' },
  elearningOrgUnitAssignments: { method: 'POST', path: '/api/elearning/read-org-unit-assignments', reads: true },
  elearningAssignOrgUnits: { method: 'POST', path: '/api/elearning/assign-org-units' },
  elearningRemoveOrgUnits: { method: 'POST', path: '/api/elearning/remove-org-units' },
  elearningStatistics: { method: 'POST', path: '/api/elearning/read-statistics', reads: true },
  elearningStatisticsOverview: { method: 'POST', path: '/api/elearning/read-statistics-overview', reads: true },
  elearningExportStatistics: { method: 'POST', path: '/api/elearning/export-statistics', reads: true },
  elearningResetProgress: { method: 'POST', path: '/api/elearning/reset-progress' },
  elearningMemberTasks: { method: 'POST', path: '/api/elearning/read-member-tasks', reads: true },
  elearningMemberStatistics: { method: 'GET', path: '/api/elearning/read-member-statistics' },
  elearningMemberTask: { method: 'POST', path: '/api/elearning/read-member-task', reads: true },
  elearningUploadPackage: { method: 'POST', path: '/api/elearning/upload-package' },
  elearningPackage: { method: 'POST', path: '/api/elearning/read-package', reads: true },
  elearningSavePackage: { method: 'POST', path: '/api/elearning/save-package' },
  elearningCreateExecution: { method: 'POST', path: '/api/elearning/create-execution' },
  elearningReadExecution: { method: 'POST', path: '/api/elearning/read-execution', reads: true },
  elearningSaveExecution: { method: 'POST', path: '/api/elearning/save-execution' },
  elearningResetExecution: { method: 'POST', path: '/api/elearning/reset-execution' },
  elearningExecutionResult: { method: 'POST', path: '/api/elearning/read-execution-result', reads: true },
  elearningResultData: { method: 'POST', path: '/api/elearning/read-result-data', reads: true },
  elearningCertificatePdf: { method: 'GET', path: '/api/elearning/certificate-pdf' },
} as const satisfies RouteTable;
