import { z } from 'zod';
import { searchTextSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from '../common';
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
};
