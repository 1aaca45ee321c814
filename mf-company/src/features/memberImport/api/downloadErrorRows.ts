import { api, type MemberImportOptions } from '@dash/shared-core';
import { downloadText } from '@dash/shared-ui/table';
import { useMutation } from '@tanstack/react-query';

/** The rows that would be skipped, with their errors, as a CSV for German Excel (built by the server). */
export function getErrorRows(options: MemberImportOptions) {
  return api.call('memberImportErrorRows', options);
}

export function useDownloadErrorRows() {
  return useMutation({
    mutationFn: getErrorRows,
    onSuccess: (file) => downloadText(file.filename, file.content),
  });
}
