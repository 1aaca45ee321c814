import { api, type ElearningExportRequest } from '@dash/shared-core';
import { downloadBlob } from '@dash/shared-ui/table';

/** The statistics as an .xlsx file the server makes, saved under `filename` (the tab shows its own error toast). */
export async function exportStatistics(request: ElearningExportRequest, filename: string): Promise<void> {
  downloadBlob(filename, await api.callForFile('elearningExportStatistics', request, { silent: true }));
}
