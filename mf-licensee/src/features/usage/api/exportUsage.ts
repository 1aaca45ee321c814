import { api, type LicenseeUsageExportRequest } from '@dash/shared-core';
import { downloadBlob } from '@dash/shared-ui/table';

/** Usage across clients, searched and sorted as the list, as an .xlsx file the server makes. */
export async function exportUsage(request: LicenseeUsageExportRequest, filename: string): Promise<void> {
  downloadBlob(filename, await api.callForFile('licenseeUsageExport', request, { silent: true }));
}
