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
  /** Set while a customer adviser is signed in through the support login. */
  support: z.object({ adviser: z.string(), reason: z.string() }).nullable(),
});
export type MemberState = z.infer<typeof memberStateSchema>;
export type MemberDetails = z.infer<typeof memberDetailsSchema>;
