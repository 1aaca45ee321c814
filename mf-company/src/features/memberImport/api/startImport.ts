import { api, type MemberImportOptions } from '@dash/shared-core';
import { useMutation } from '@tanstack/react-query';

/** Starts the import as a batch job; the answer is the job (status `created`). */
export function startImport(options: MemberImportOptions) {
  return api.call('memberImportStart', options);
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
