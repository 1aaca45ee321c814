import { api, type InstructionExportPdfRequest } from '@dash/shared-core';
import { downloadBlob } from '@dash/shared-ui/table';

/** The instruction record as PDF with the signatures, saved under `filename` (the page shows its own error toast). */
export async function exportInstructionPdf(request: InstructionExportPdfRequest, filename: string): Promise<void> {
  downloadBlob(filename, await api.callForFile('instructionExportPdf', request, { silent: true }));
}
