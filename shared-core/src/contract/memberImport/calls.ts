import type { RouteTable } from '../routeTable';

/** Method and path of the memberImport calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const MEMBER_IMPORT_ROUTES = {
  /** Multipart: the CSV file under the field `file` (the only call that is not JSON). */
  memberImportUpload: { method: 'POST', path: '/api/memberimport/upload-csv' },
  /** The summary before anything is written (a dry run of the import). */
  memberImportCheck: { method: 'POST', path: '/api/memberimport/check-csv', reads: true },
  /** The rows with errors as a CSV for German Excel, to fix and upload again. */
  memberImportErrorRows: { method: 'POST', path: '/api/memberimport/error-rows', reads: true },
  memberImportStart: { method: 'POST', path: '/api/memberimport/import-csv' },
  /** The signed-in member's latest import job: the page finds a running job again after leaving it. */
  memberImportLatestJob: { method: 'POST', path: '/api/memberimport/read-latest-job', reads: true },
  batchJobStatus: { method: 'POST', path: '/api/batch-job/read-status', reads: true },
} as const satisfies RouteTable;
