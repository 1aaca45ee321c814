import { z } from 'zod';
import { emptyRequestSchema, searchTextSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { SUPPORT_REASON_MAX_LENGTH, SUPPORT_SESSION_SORT_KEYS } from './supportCalls';

/** Open a client's dashboard in support mode: the client (one of the licensee's) and why (required). */
export const licenseeSupportOpenRequestSchema = z.strictObject({
  uuid: uuidSchema,
  reason: z.string().trim().min(3).max(SUPPORT_REASON_MAX_LENGTH),
});
export type LicenseeSupportOpenRequest = z.input<typeof licenseeSupportOpenRequestSchema>;
/**
 * `redirectTo`: the single-use support link (valid for a minute) that the browser follows: it ends the console's session
 * and signs in to the client's dashboard in support mode until `expiresAt`.
 */
export const licenseeSupportOpenResponseSchema = z.object({
  redirectTo: z.string(),
  expiresAt: z.string(),
});

export const licenseeSupportSessionSchema = z.object({
  uuid: uuidSchema,
  clientUuid: uuidSchema,
  clientIdentifier: z.string(),
  clientName: z.string(),
  adviser: z.string(),
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  /** Ended before its end: when, and by whom (the adviser from the support banner, or a licensee admin). */
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  /** Not ended and its end not reached: a licensee admin may end it. */
  running: z.boolean(),
  /** The calls made in the session (the client's support audit has each one). */
  callCount: z.int().min(0),
});
export type LicenseeSupportSession = z.infer<typeof licenseeSupportSessionSchema>;

export const licenseeSupportSessionListRequestSchema = tableRequestSchema(
  z.strictObject({
    /** Part of the client's name or company ID, or of the adviser's name. */
    search: searchTextSchema.optional(),
  }),
  SUPPORT_SESSION_SORT_KEYS,
  'startedAt',
);
export type LicenseeSupportSessionListRequest = z.input<typeof licenseeSupportSessionListRequestSchema>;

/** End a running support session: its member session is gone at once (the adviser's next call answers 401). */
export const licenseeSupportEndRequestSchema = z.strictObject({ uuid: uuidSchema });
export type LicenseeSupportEndRequest = z.input<typeof licenseeSupportEndRequestSchema>;

/**
 * The adviser ends his support session from the banner: `redirectTo` is the console (signed in again as the adviser)
 * for a session opened from the console, the sign-in page for the operators' link, null when there was none.
 */
export const supportEndResponseSchema = z.object({ redirectTo: z.string().nullable() });

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

export const LICENSEE_SUPPORT_ENDPOINTS = {
  licenseeSupportOpen: defineEndpoint('licenseeSupportOpen', {
    ...CONSOLE,
    summary:
      "Open one of the licensee's clients in support mode under the adviser's own name: reason required, time-limited, refused when the client disallows support login",
    permissions: ['licensee.support-login'],
    request: licenseeSupportOpenRequestSchema,
    response: licenseeSupportOpenResponseSchema,
  }),
  licenseeSupportSessionList: defineEndpoint('licenseeSupportSessionList', {
    ...CONSOLE,
    summary: "The support sessions the licensee's advisers opened, newest first by default, with their call counts",
    permissions: ['licensee.support-sessions'],
    request: licenseeSupportSessionListRequestSchema,
    response: tableResponseSchema(licenseeSupportSessionSchema),
  }),
  licenseeSupportEnd: defineEndpoint('licenseeSupportEnd', {
    ...CONSOLE,
    summary: "End a running support session of one of the licensee's advisers at once; the record names who ended it",
    permissions: ['licensee.support-end'],
    request: licenseeSupportEndRequestSchema,
    response: licenseeSupportSessionSchema,
  }),
  supportEnd: defineEndpoint('supportEnd', {
    summary:
      'The adviser ends his own support session (support banner): back to the console, signed in as himself, for a session opened there',
    tag: 'auth',
    // Reads the session itself, as the sign-out does: a support session's role holds no permission of its own for it.
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: supportEndResponseSchema,
  }),
};
