import type { RouteTable } from '../routeTable';

/** Method and path of the instruction-record calls (docs/instructions.md); `schemas.ts` beside it adds their schemas. */
const PREFIX = '/api/instruction';
export const INSTRUCTIONS_ROUTES = {
  instructionList: { method: 'POST', path: `${PREFIX}/read-list`, reads: true },
  instructionCreate: { method: 'POST', path: `${PREFIX}/create` },
  instructionDetails: { method: 'POST', path: `${PREFIX}/read-details`, reads: true },
  instructionDelete: { method: 'POST', path: `${PREFIX}/delete` },
  instructionAddJoiners: { method: 'POST', path: `${PREFIX}/add-joiners` },
  instructionAttendanceList: { method: 'POST', path: `${PREFIX}/read-attendance-list`, reads: true },
  instructionSignForMember: { method: 'POST', path: `${PREFIX}/sign-for-member` },
  instructionExportPdf: { method: 'POST', path: `${PREFIX}/export-pdf`, reads: true },
  instructionMyList: { method: 'POST', path: `${PREFIX}/read-member-tasks`, reads: true },
  instructionSignOwn: { method: 'POST', path: `${PREFIX}/sign-own` },
} as const satisfies RouteTable;

/** Whom an instruction is for: every member of one member group, location or org unit at the time it is recorded. */
export const INSTRUCTION_TARGET_TYPES = ['member-group', 'location', 'org-unit'] as const;
export type InstructionTargetType = (typeof INSTRUCTION_TARGET_TYPES)[number];

/** The sort keys of the administrators' list. */
export const INSTRUCTION_SORT_KEYS = ['heldOn', 'title', 'targetName'] as const;
export type InstructionSortKey = (typeof INSTRUCTION_SORT_KEYS)[number];

/**
 * A member's instruction, as the e-learnings' due states: `open` to confirm, `dueSoon` (confirm within 7 days),
 * `overdue` (the confirm-by day has passed), `done` (signed). A signed one whose repeat is due within a month is
 * `repeatDueSoon`, past due `repeatOverdue`, unless a later instruction on the same topic replaced it.
 */
export const INSTRUCTION_DUE_STATES = ['open', 'dueSoon', 'overdue', 'done', 'repeatDueSoon', 'repeatOverdue'] as const;
export type InstructionDueState = (typeof INSTRUCTION_DUE_STATES)[number];

/** Days an absent member has to confirm after the instruction day (his task's due date). */
export const INSTRUCTION_CONFIRM_GRACE_DAYS = 14;
export const INSTRUCTION_DEFAULT_REPEAT_MONTHS = 12;
/** A drawn signature as PNG: at most this many bytes (a pad's signature is 5-40 KB). */
export const INSTRUCTION_SIGNATURE_MAX_BYTES = 200 * 1024;
