import { z } from 'zod';
import { searchTextSchema, sortDirectionSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { LICENSEE_USAGE_SORT_KEYS } from './usageCalls';

export const licenseeUsageFilterSchema = z.strictObject({
  /** Part of the client's name or company ID. */
  search: searchTextSchema.optional(),
});

/** One client's figures, as the last refresh computed them (member limit, name and status as they are now). */
export const licenseeUsageItemSchema = z.object({
  clientUuid: uuidSchema,
  clientIdentifier: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Members that are not archived (what the member limit counts) and those of them whose status is active. */
  members: z.int().min(0),
  activeMembers: z.int().min(0),
  maxMembers: z.int().nullable(),
  /** Members that signed in during the 30 days before the refresh. */
  signedIn30Days: z.int().min(0),
  elearningTasks: z.int().min(0),
  elearningCompleted: z.int().min(0),
  /** Completed e-learning tasks in per cent of all (one decimal); null without tasks. */
  completionRate: z.number().min(0).max(100).nullable(),
  /** Open e-learning tasks and analyses past their due date. */
  overdueTasks: z.int().min(0),
  openRiskActions: z.int().min(0),
  lastActivityAt: z.string().nullable(),
  refreshedAt: z.string(),
});
export type LicenseeUsageItem = z.infer<typeof licenseeUsageItemSchema>;

export const licenseeUsageListRequestSchema = tableRequestSchema(
  licenseeUsageFilterSchema,
  LICENSEE_USAGE_SORT_KEYS,
  'name',
);
export type LicenseeUsageListRequest = z.input<typeof licenseeUsageListRequestSchema>;

export const licenseeUsageListResponseSchema = tableResponseSchema(licenseeUsageItemSchema).extend({
  /** The oldest refresh among the licensee's clients ("Stand"); null before the first refresh. */
  refreshedAt: z.string().nullable(),
});
export type LicenseeUsageListResponse = z.infer<typeof licenseeUsageListResponseSchema>;

export const licenseeUsageExportRequestSchema = z.strictObject({
  filter: licenseeUsageFilterSchema.default({}),
  sortBy: z.enum(LICENSEE_USAGE_SORT_KEYS).default('name'),
  sortDirection: sortDirectionSchema.default('asc'),
  language: z.enum(['de_DE', 'en_GB']).default('de_DE'),
});
export type LicenseeUsageExportRequest = z.input<typeof licenseeUsageExportRequestSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

export const LICENSEE_USAGE_ENDPOINTS = {
  licenseeUsageList: defineEndpoint('licenseeUsageList', {
    ...CONSOLE,
    summary: "Usage across the licensee's clients (precomputed figures with their time), searched, sorted and paged",
    permissions: ['licensee.usage-read'],
    request: licenseeUsageListRequestSchema,
    response: licenseeUsageListResponseSchema,
  }),
  licenseeUsageExport: defineEndpoint('licenseeUsageExport', {
    ...CONSOLE,
    summary: "Usage across the licensee's clients, searched and sorted as the list, as an .xlsx file (binary answer)",
    permissions: ['licensee.usage-read'],
    request: licenseeUsageExportRequestSchema,
    // The handler sets the content type and answers the file's bytes.
    response: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
};
