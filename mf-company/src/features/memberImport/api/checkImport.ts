import { api, type MemberImportOptions } from '@dash/shared-core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The summary before anything is written (created, updated, unchanged, skipped, row errors). */
export function checkImport(options: MemberImportOptions, signal?: AbortSignal) {
  return api.call('memberImportCheck', options, { signal });
}

export function checkImportQuery(options: MemberImportOptions) {
  return queryOptions({
    queryKey: ['memberImportCheck', options],
    queryFn: ({ signal }) => checkImport(options, signal),
    // The summary describes the database as it is now: never shown from an older look.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useImportCheck(options: MemberImportOptions | null) {
  return useQuery({ ...checkImportQuery(options ?? ({} as MemberImportOptions)), enabled: options !== null });
}
