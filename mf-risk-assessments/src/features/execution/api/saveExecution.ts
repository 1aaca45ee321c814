import { api, type RiskAssessmentSaveExecutionRequest } from '@dash/shared-core';

/** Saves answers (idempotent) and renews this window's lock; silent: the execution page shows the reason. */
export function saveExecution(request: RiskAssessmentSaveExecutionRequest) {
  return api.call('riskAssessmentSaveExecution', request, { silent: true });
}
