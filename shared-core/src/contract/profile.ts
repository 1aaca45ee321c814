import { z } from 'zod';
import { username } from '../validation/rules';
import { languageCodeSchema, optionalEmailSchema, optionalTextSchema, sha256HexSchema, themeSchema } from './common';

export const profileUpdateRequestSchema = z.strictObject({
  email: optionalEmailSchema,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phoneNumber: optionalTextSchema(40),
  mobileNumber: optionalTextSchema(40),
});

export const profileSettingSchema = z.object({
  /** null: never chosen; the browser follows the system preference (dark when the system prefers dark). */
  frontendStyle: z.object({ theme: themeSchema.nullable() }),
  languageCode: languageCodeSchema,
  availableLanguages: z.array(languageCodeSchema),
});
export type ProfileSetting = z.infer<typeof profileSettingSchema>;

export const profileUpdateSettingRequestSchema = z.strictObject({
  /** null keeps following the system preference (a language switch must not pin today's system theme). */
  frontendStyle: z.strictObject({ theme: themeSchema.nullable() }),
  languageCode: languageCodeSchema,
});

export const memberDetailsSchemaForProfile = z.object({
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
});

/** Old, new and repeated password, each the SHA-256 hex of what was typed. */
export const profileChangePasswordRequestSchema = z.strictObject({
  old: sha256HexSchema,
  new: sha256HexSchema,
  newCheck: sha256HexSchema,
});

/** A username (spec section 5): lowercase letters, digits, dots and hyphens, or an e-mail address. */
const newUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => username(value) === null && value.length >= 3, 'username');

export const profileChangeUsernameRequestSchema = z.strictObject({
  /** The current username, as a confirmation. */
  username: z.string().trim().toLowerCase().min(1).max(254),
  newUsername: newUsernameSchema,
  password: sha256HexSchema,
});
export const profileChangeUsernameResponseSchema = z.object({ username: z.string() });

export const profileCheckUsernameRequestSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(254),
});
export const profileCheckUsernameResponseSchema = z.object({ usernameExists: z.boolean() });

export const profileOrgUnitSchema = z.object({
  uuid: z.uuid(),
  orgUnitName: z.string(),
  isRoot: z.boolean(),
  parentName: z.string().nullable(),
  /** The member administers this unit (ou-admin) besides belonging to it. */
  isAdmin: z.boolean(),
});
export const profileOrgUnitListResponseSchema = z.object({ items: z.array(profileOrgUnitSchema), total: z.int() });
