import { z } from 'zod';
import { FEATURE_FLAGS } from '../featureFlags';
import { ROLES } from '../permissions';
import { sha256HexSchema, uuidSchema } from './common';

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(254),
  clientIdentifier: z.string().trim().toLowerCase().min(1).max(64),
  password: sha256HexSchema,
});
export const loginResponseSchema = z.object({ authenticated: z.literal(true) });
/**
 * The sign-out: a session signed in through the company's provider also gets the provider's logout page (RP-initiated
 * logout), where the browser goes on to so that the provider's session ends too; null otherwise.
 */
export const logoutResponseSchema = z.object({ ok: z.literal(true), providerLogoutUrl: z.string().nullable() });

export const specialAttributeSchema = z.enum(['pregnant', 'underage']);
export const genderSchema = z.enum(['m', 'f', 'd']);

export const memberDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  specialAttributes: z.array(specialAttributeSchema),
  externalCompany: z.string().nullable(),
  gender: genderSchema,
  birthDate: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const memberStateSchema = z.object({
  member: z.object({
    uuid: uuidSchema,
    email: z.string().nullable(),
    roleIdentifier: z.enum(ROLES),
    permissions: z.array(z.string()),
  }),
  memberDetails: memberDetailsSchema,
  featureFlags: z.object(
    Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
      (typeof FEATURE_FLAGS)[number],
      z.ZodBoolean
    >,
  ),
  externalCalendarHref: z.string().nullable(),
  clientName: z.string(),
  clientIdentifier: z.string(),
  /** The address countries the client's forms offer (ISO 3166-1 alpha-2; its licensee chooses them). */
  offeredCountries: z.array(z.string()),
  /** Set while a customer adviser is signed in through the support login. */
  support: z.object({ adviser: z.string(), reason: z.string() }).nullable(),
  /**
   * Changes whenever what the member may open changes (role, the client's feature flags, its calendar link, its
   * offered countries): the
   * heartbeat answers the current one, and the shell reads the state again when it differs.
   */
  accessVersion: z.string(),
});
export type MemberState = z.infer<typeof memberStateSchema>;

/** The heartbeat: the session is alive, and the version of what it may open (`MemberState.accessVersion`). */
export const heartbeatResponseSchema = z.object({ ok: z.literal(true), accessVersion: z.string() });
export type MemberDetails = z.infer<typeof memberDetailsSchema>;

const usernameInputSchema = z.string().trim().toLowerCase().min(1).max(254);
const clientIdentifierInputSchema = z.string().trim().toLowerCase().min(1).max(64);

/** Forgotten password: always answered `{ok:true}`, whether or not the account exists. */
export const createPasswordResetTokenRequestSchema = z.strictObject({
  clientIdentifier: clientIdentifierInputSchema,
  username: usernameInputSchema,
});

/** Tokens are 32 random bytes, base64url (43 characters). */
export const resetTokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Set a new password with the token of a reset or welcome mail; both passwords are SHA-256 hex of what was typed. */
export const resetPasswordRequestSchema = z.strictObject({
  token: resetTokenSchema,
  password: sha256HexSchema,
  passwordConfirmation: sha256HexSchema,
});
export const resetPasswordResponseSchema = z.object({ authenticated: z.literal(true) });

/** A signed support link's token: `<payload>.<signature>`, both base64url. */
export const supportLoginRequestSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
});
export const supportLoginResponseSchema = z.object({ authenticated: z.literal(true) });

export const supportAuditListRequestSchema = z.strictObject({
  page: z.int().min(1).max(100_000).default(1),
  perPage: z.union([z.literal(25), z.literal(50), z.literal(100)]).default(25),
});
export const supportAuditEntrySchema = z.object({
  createdAt: z.string(),
  adviser: z.string(),
  reason: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
});
export const supportAuditListResponseSchema = z.object({
  items: z.array(supportAuditEntrySchema),
  total: z.int().min(0),
});
