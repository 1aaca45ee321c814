import { z } from 'zod';
import {
  detailRequestSchema,
  languageCodeSchema,
  okResponseSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import {
  INSTRUCTION_DEFAULT_REPEAT_MONTHS,
  INSTRUCTION_DUE_STATES,
  INSTRUCTION_SIGNATURE_MAX_BYTES,
  INSTRUCTION_SORT_KEYS,
  INSTRUCTION_TARGET_TYPES,
} from './calls';

const isoDateSchema = z.iso.date();
export const instructionTargetTypeSchema = z.enum(INSTRUCTION_TARGET_TYPES);
export const instructionDueStateSchema = z.enum(INSTRUCTION_DUE_STATES);

export const instructionListRequestSchema = tableRequestSchema(
  z.strictObject({
    search: searchTextSchema.optional(),
    targetType: instructionTargetTypeSchema.optional(),
    /** open: some members have not signed yet; complete: everybody has. */
    completion: z.enum(['open', 'complete']).optional(),
  }),
  INSTRUCTION_SORT_KEYS,
  'heldOn',
);
export type InstructionListRequest = z.input<typeof instructionListRequestSchema>;

export const instructionListItemSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  heldOn: isoDateSchema,
  instructorName: z.string(),
  targetType: instructionTargetTypeSchema,
  targetName: z.string(),
  repeatIntervalMonths: z.int().min(1),
  attendeeCount: z.int().min(0),
  confirmedCount: z.int().min(0),
});
export type InstructionListItem = z.infer<typeof instructionListItemSchema>;

export const instructionCreateRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  heldOn: isoDateSchema,
  instructorName: z.string().trim().min(1).max(200),
  /** The instructor when he is a member of the client (his name is then still the one typed). */
  instructorMemberUuid: uuidSchema.nullable().default(null),
  targetType: instructionTargetTypeSchema,
  targetUuid: uuidSchema,
  /** Templates handed out with the instruction (the client's or its licensee's). */
  templateUuids: z.array(uuidSchema).max(10).default([]),
  repeatIntervalMonths: z.int().min(1).max(60).default(INSTRUCTION_DEFAULT_REPEAT_MONTHS),
  /**
   * An e-learning of the client that counts as this instruction: members who completed it within the repeat interval
   * before the instruction day, or complete it later, are confirmed by it without a signature.
   */
  elearningUuid: uuidSchema.nullable().default(null),
});
export type InstructionCreateRequest = z.input<typeof instructionCreateRequestSchema>;

export const instructionDetailsSchema = instructionListItemSchema.extend({
  instructorMemberUuid: uuidSchema.nullable(),
  targetUuid: uuidSchema,
  confirmBy: isoDateSchema,
  createdAt: z.string(),
  documents: z.array(z.object({ templateUuid: uuidSchema, title: z.string() })),
  /** The e-learning that counts as this instruction (null: signatures only). */
  elearning: z.object({ uuid: uuidSchema, title: z.string() }).nullable(),
  /** How many members have signed (drawn signatures; confirmations by the e-learning are not signatures). */
  signatureCount: z.int().min(0),
  /** Members of the target now who are not part of the instruction (they joined the group, location or unit since). */
  joinerCount: z.int().min(0),
});
export type InstructionDetails = z.infer<typeof instructionDetailsSchema>;

export const instructionAttendanceListRequestSchema = tableRequestSchema(
  z.strictObject({ search: searchTextSchema.optional() }),
  ['memberName', 'confirmedAt'] as const,
  'memberName',
).extend({ uuid: uuidSchema });
export type InstructionAttendanceListRequest = z.input<typeof instructionAttendanceListRequestSchema>;

export const instructionAttendanceSchema = z.object({
  uuid: uuidSchema,
  memberUuid: uuidSchema,
  memberName: z.string(),
  dueDate: isoDateSchema,
  confirmedAt: z.string().nullable(),
  /** Where the member confirmed: a signature on the instructor's device or his own, or the completed e-learning. */
  signedOn: z.enum(['instructor-device', 'own-device', 'elearning']).nullable(),
  nextDueDate: isoDateSchema.nullable(),
  dueState: instructionDueStateSchema,
});
export type InstructionAttendance = z.infer<typeof instructionAttendanceSchema>;

/**
 * A drawn signature: the PNG the signature pad exports, base64 (with or without its `data:image/png;base64,`
 * prefix). The server checks that it is a whole, small PNG (Instruction.InvalidSignature otherwise).
 */
const SIGNATURE_MAX_BASE64 = Math.ceil(INSTRUCTION_SIGNATURE_MAX_BYTES / 3) * 4 + 'data:image/png;base64,'.length;
export const signaturePngSchema = z
  .string()
  .max(SIGNATURE_MAX_BASE64)
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/, 'base64 PNG');

export const instructionSignForMemberRequestSchema = z.strictObject({
  attendanceUuid: uuidSchema,
  signaturePng: signaturePngSchema,
});
export type InstructionSignForMemberRequest = z.input<typeof instructionSignForMemberRequestSchema>;
export const instructionSignOwnRequestSchema = instructionSignForMemberRequestSchema;
export type InstructionSignOwnRequest = z.input<typeof instructionSignOwnRequestSchema>;

export const instructionExportPdfRequestSchema = z.strictObject({ uuid: uuidSchema, language: languageCodeSchema });
export type InstructionExportPdfRequest = z.input<typeof instructionExportPdfRequestSchema>;

export const instructionMyListRequestSchema = tableRequestSchema(
  z.strictObject({ state: z.enum(['toSign', 'signed']).optional() }),
  ['dueDate', 'title', 'heldOn'] as const,
  'dueDate',
);
export type InstructionMyListRequest = z.input<typeof instructionMyListRequestSchema>;

export const myInstructionSchema = instructionAttendanceSchema.omit({ memberUuid: true, memberName: true }).extend({
  instructionUuid: uuidSchema,
  title: z.string(),
  heldOn: isoDateSchema,
  instructorName: z.string(),
  targetName: z.string(),
  documents: z.array(z.object({ templateUuid: uuidSchema, title: z.string() })),
});
export type MyInstruction = z.infer<typeof myInstructionSchema>;

/** Base64 of a 200 KB PNG and the JSON around it: above the server's general 64 KiB limit. */
const SIGNATURE_BODY_LIMIT = SIGNATURE_MAX_BASE64 + 4096;
const SESSION = { tag: 'instructions', access: 'session', featureFlag: 'elearnings' } as const;

/** Instruction records (Unterweisungsnachweis, docs/instructions.md). */
export const INSTRUCTIONS_ENDPOINTS = {
  instructionList: defineEndpoint('instructionList', {
    ...SESSION,
    summary: "The client's recorded instructions with how many members have signed (sorted, filtered, paged)",
    permissions: ['instruction.read-list'],
    request: instructionListRequestSchema,
    response: tableResponseSchema(instructionListItemSchema),
  }),
  instructionCreate: defineEndpoint('instructionCreate', {
    ...SESSION,
    summary: 'Record an instruction for a member group, location or org unit: one attendance row per member',
    permissions: ['instruction.record'],
    request: instructionCreateRequestSchema,
    response: z.object({ uuid: uuidSchema }),
  }),
  instructionDetails: defineEndpoint('instructionDetails', {
    ...SESSION,
    summary: 'One instruction with its documents',
    permissions: ['instruction.read-list'],
    request: detailRequestSchema,
    response: instructionDetailsSchema,
  }),
  instructionDelete: defineEndpoint('instructionDelete', {
    ...SESSION,
    summary: 'Delete an instruction recorded by mistake, as long as nobody has signed it (a signed record is kept)',
    permissions: ['instruction.record'],
    request: detailRequestSchema,
    response: okResponseSchema,
  }),
  instructionAddJoiners: defineEndpoint('instructionAddJoiners', {
    ...SESSION,
    summary:
      'Add the members who joined the target since the instruction was recorded: each gets a row to sign (catch-up)',
    permissions: ['instruction.record'],
    request: detailRequestSchema,
    /** added: rows made; confirmedByElearning: of them, confirmed at once by the e-learning that counts for it. */
    response: z.object({ added: z.int().min(0), confirmedByElearning: z.int().min(0) }),
  }),
  instructionAttendanceList: defineEndpoint('instructionAttendanceList', {
    ...SESSION,
    summary: "An instruction's members: who has signed, when and where, and when the next one is due",
    permissions: ['instruction.read-list'],
    request: instructionAttendanceListRequestSchema,
    response: tableResponseSchema(instructionAttendanceSchema),
  }),
  instructionSignForMember: defineEndpoint('instructionSignForMember', {
    ...SESSION,
    summary: "A member's signature drawn on the instructor's device (PNG)",
    permissions: ['instruction.record'],
    bodyLimitBytes: SIGNATURE_BODY_LIMIT,
    request: instructionSignForMemberRequestSchema,
    response: okResponseSchema,
  }),
  instructionExportPdf: defineEndpoint('instructionExportPdf', {
    ...SESSION,
    summary: 'The instruction record as PDF with the signatures (binary answer)',
    permissions: ['instruction.read-list'],
    request: instructionExportPdfRequestSchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array).describe('application/pdf'),
  }),
  instructionMyList: defineEndpoint('instructionMyList', {
    ...SESSION,
    summary: "The signed-in member's instructions: to sign, signed, and when each is due again",
    permissions: ['instruction.read-member-tasks'],
    request: instructionMyListRequestSchema,
    response: tableResponseSchema(myInstructionSchema),
  }),
  instructionSignOwn: defineEndpoint('instructionSignOwn', {
    ...SESSION,
    summary: 'The signed-in member confirms his own attendance with a drawn signature (PNG)',
    permissions: ['instruction.read-member-tasks'],
    bodyLimitBytes: SIGNATURE_BODY_LIMIT,
    request: instructionSignOwnRequestSchema,
    response: okResponseSchema,
  }),
};
