import { z } from 'zod';
import { BATCH_STATUSES } from '../../format/format';
import {
  IMPORT_DELIMITERS,
  IMPORT_ENCODINGS,
  IMPORT_FIELDS,
  IMPORT_MAX_COLUMNS,
  IMPORT_NAME_OPTIONS,
  IMPORT_PASSWORD_MODES,
  IMPORT_ROW_ERRORS,
} from '../../memberImport/fields';
import { detailRequestSchema, emptyRequestSchema, sha256HexSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

const columnSchema = z
  .int()
  .min(0)
  .max(IMPORT_MAX_COLUMNS - 1)
  .nullable();

/** Field -> column index (0-based) of the file, or null: not imported. */
export const importMappingSchema = z.strictObject({
  username: columnSchema.default(null),
  firstName: columnSchema.default(null),
  lastName: columnSchema.default(null),
  email: columnSchema.default(null),
  phoneNumber: columnSchema.default(null),
  mobileNumber: columnSchema.default(null),
  language: columnSchema.default(null),
  role: columnSchema.default(null),
  orgUnit: columnSchema.default(null),
  location: columnSchema.default(null),
  personnelNumber: columnSchema.default(null),
  externalCompany: columnSchema.default(null),
  street: columnSchema.default(null),
  postalCode: columnSchema.default(null),
  city: columnSchema.default(null),
  country: columnSchema.default(null),
  password: columnSchema.default(null),
});
export type ImportMapping = z.output<typeof importMappingSchema>;

export const memberImportUploadResponseSchema = z.object({
  cursorUuid: uuidSchema,
  filename: z.string(),
  /** windows-1252 also covers ISO-8859-1 (they differ only in control characters no export contains). */
  encoding: z.enum(IMPORT_ENCODINGS),
  delimiter: z.enum(IMPORT_DELIMITERS),
  /** 1-based line of the header row. */
  headerLine: z.int().min(1),
  headers: z.array(z.string()),
  rowCount: z.int().min(0),
  /** The first data rows, as read. */
  previewRows: z.array(z.array(z.string())),
  proposedMapping: importMappingSchema,
  expiresAt: z.string(),
});
export type MemberImportUpload = z.infer<typeof memberImportUploadResponseSchema>;

export const memberImportOptionsSchema = z.strictObject({
  cursorUuid: uuidSchema,
  mapping: importMappingSchema,
  passwordMode: z.enum(IMPORT_PASSWORD_MODES),
  /** Mode `initial`: the SHA-256 of the password every new member gets (the browser hashes, as everywhere). */
  password: sha256HexSchema.nullable().default(null),
  nameOption: z.enum(IMPORT_NAME_OPTIONS).default('none'),
});
export type MemberImportOptions = z.input<typeof memberImportOptionsSchema>;

export const importRowErrorSchema = z.object({
  /** 1-based line of the file (a quoted line break makes a row span lines: its first line). */
  line: z.int().min(1),
  /** The column's header, null for errors of the whole row (licence limit). */
  column: z.string().nullable(),
  field: z.enum(IMPORT_FIELDS).nullable(),
  key: z.enum(IMPORT_ROW_ERRORS),
  /** e.g. the spec's postal-code message (`detail`), the value, the maximum length. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const memberImportSummarySchema = z.object({
  total: z.int().min(0),
  created: z.int().min(0),
  updated: z.int().min(0),
  unchanged: z.int().min(0),
  skipped: z.int().min(0),
  /** How rows are matched to existing members: by username, or by e-mail when no username column is assigned. */
  matchBy: z.enum(['username', 'email']),
  /** Seats left under the licence before the import; null: no limit. */
  freeSeats: z.int().nullable(),
  errorCount: z.int().min(0),
  /** The first IMPORT_MAX_LISTED_ERRORS errors, in file order. */
  errors: z.array(importRowErrorSchema),
});
export type MemberImportSummary = z.infer<typeof memberImportSummarySchema>;

export const memberImportErrorRowsResponseSchema = z.object({
  filename: z.string(),
  /** CSV for German Excel (UTF-8 with BOM, `;`, formula-safe): the file's columns plus the line and the errors. */
  content: z.string(),
});

export const batchJobResultSchema = z.object({
  created: z.int().min(0),
  updated: z.int().min(0),
  unchanged: z.int().min(0),
  skipped: z.int().min(0),
  welcomeMails: z.int().min(0),
});

/** Spec section 3 "Batch progress statuses". */
export const batchJobSchema = z.object({
  uuid: uuidSchema,
  kind: z.enum(['member-import']),
  status: z.enum(BATCH_STATUSES),
  done: z.int().min(0),
  total: z.int().min(0),
  result: batchJobResultSchema.nullable(),
  /** Why a job failed, e.g. `BatchJob.Interrupted` (the server stopped while it ran). */
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BatchJob = z.infer<typeof batchJobSchema>;

/** The memberImport calls of spec section 7: request and response schemas, access rules. */
export const MEMBER_IMPORT_ENDPOINTS = {
  memberImportUpload: defineEndpoint('memberImportUpload', {
    summary:
      'Upload a CSV file (multipart, field `file`): detects encoding, delimiter and header row, proposes a mapping and keeps the parsed file as an import cursor',
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    // The body is the multipart stream, read by the handler; no JSON fields.
    request: emptyRequestSchema,
    response: memberImportUploadResponseSchema,
  }),
  memberImportCheck: defineEndpoint('memberImportCheck', {
    summary: 'The summary of an import before anything is written: created, updated, unchanged, skipped, row errors',
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    request: memberImportOptionsSchema,
    response: memberImportSummarySchema,
  }),
  memberImportErrorRows: defineEndpoint('memberImportErrorRows', {
    summary: 'The rows that would be skipped, with their errors, as a CSV for German Excel',
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    request: memberImportOptionsSchema,
    response: memberImportErrorRowsResponseSchema,
  }),
  memberImportStart: defineEndpoint('memberImportStart', {
    summary: 'Start the import as a batch job (all or nothing); rows with errors are skipped',
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    request: memberImportOptionsSchema,
    response: batchJobSchema,
  }),
  memberImportLatestJob: defineEndpoint('memberImportLatestJob', {
    summary: "The signed-in member's latest import job, if any",
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    request: emptyRequestSchema,
    response: z.object({ job: batchJobSchema.nullable() }),
  }),
  batchJobStatus: defineEndpoint('batchJobStatus', {
    summary: "A batch job's status and progress (spec section 3 statuses)",
    tag: 'member-import',
    access: 'session',
    permissions: ['member-import.import'],
    request: detailRequestSchema,
    response: batchJobSchema,
  }),
};
