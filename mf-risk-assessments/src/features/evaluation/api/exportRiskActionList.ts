import { api, type ExportRiskActionListRequest } from '@dash/shared-core';
import { downloadBlob } from '@dash/shared-ui/table';

/** The action list as .pdf or .xlsx, made by the server, saved under `filename` (the page shows its own error toast). */
export async function exportRiskActionList(request: ExportRiskActionListRequest, filename: string): Promise<void> {
  downloadBlob(filename, await api.callForFile('riskAssessmentExportRiskActionList', request, { silent: true }));
}
