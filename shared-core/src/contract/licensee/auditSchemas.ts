import { z } from 'zod';
import { searchTextSchema, tableRequestSchema, tableResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { LICENSEE_AUDIT_ACTIONS, LICENSEE_AUDIT_SORT_KEYS } from './auditCalls';

const dayStringSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const licenseeAuditFilterSchema = z.strictObject({
  /** Part of the staff member's name or of the client's company ID. */
  search: searchTextSchema.optional(),
  action: z.enum(LICENSEE_AUDIT_ACTIONS).optional(),
  /** First and last day (UTC), both included. */
  from: dayStringSchema.optional(),
  to: dayStringSchema.optional(),
});

/** The values a change touched (an update records only the fields that changed). */
const valuesSchema = z.record(z.string(), z.unknown()).nullable();

export const licenseeAuditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  staffName: z.string(),
  action: z.enum(LICENSEE_AUDIT_ACTIONS),
  clientUuid: z.string().nullable(),
  clientIdentifier: z.string().nullable(),
  before: valuesSchema,
  after: valuesSchema,
});
export type LicenseeAuditEntry = z.infer<typeof licenseeAuditEntrySchema>;

export const licenseeAuditListRequestSchema = tableRequestSchema(
  licenseeAuditFilterSchema,
  LICENSEE_AUDIT_SORT_KEYS,
  'createdAt',
);
export type LicenseeAuditListRequest = z.input<typeof licenseeAuditListRequestSchema>;

export const licenseeAuditExportRequestSchema = z.strictObject({
  filter: licenseeAuditFilterSchema.default({}),
  language: z.enum(['de_DE', 'en_GB']).default('de_DE'),
});
export type LicenseeAuditExportRequest = z.input<typeof licenseeAuditExportRequestSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

export const LICENSEE_AUDIT_ENDPOINTS = {
  licenseeAuditList: defineEndpoint('licenseeAuditList', {
    ...CONSOLE,
    summary: "The licensee's audit: who changed what when, with the values before and after; filtered and paged",
    permissions: ['licensee.audit-list'],
    request: licenseeAuditListRequestSchema,
    response: tableResponseSchema(licenseeAuditEntrySchema),
  }),
  licenseeAuditExport: defineEndpoint('licenseeAuditExport', {
    ...CONSOLE,
    summary: "The licensee's audit, filtered as the list, as an .xlsx file (binary answer)",
    permissions: ['licensee.audit-list'],
    request: licenseeAuditExportRequestSchema,
    // The handler sets the content type and answers the file's bytes.
    response: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
};
