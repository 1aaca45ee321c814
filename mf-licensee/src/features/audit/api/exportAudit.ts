import { api, type LicenseeAuditExportRequest } from '@dash/shared-core';
import { downloadBlob } from '@dash/shared-ui/table';

/** The filtered audit as an .xlsx file the server makes (the page shows its own error toast). */
export async function exportAudit(request: LicenseeAuditExportRequest, filename: string): Promise<void> {
  downloadBlob(filename, await api.callForFile('licenseeAuditExport', request, { silent: true }));
}
