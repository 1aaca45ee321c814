import { z } from 'zod';
import { languageCodeSchema, themeSchema } from './common';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const profileUpdateRequestSchema = z.strictObject({
  email: z
    .email()
    .max(254)
    .nullable()
    .or(z.literal('').transform(() => null)),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phoneNumber: optionalText(40),
  mobileNumber: optionalText(40),
});

export const profileSettingSchema = z.object({
  /** null: never chosen; the browser follows the system preference (dark when the system prefers dark). */
  frontendStyle: z.object({ theme: themeSchema.nullable() }),
  languageCode: languageCodeSchema,
  availableLanguages: z.array(languageCodeSchema),
});
export type ProfileSetting = z.infer<typeof profileSettingSchema>;

export const profileUpdateSettingRequestSchema = z.strictObject({
  frontendStyle: z.strictObject({ theme: themeSchema }),
  languageCode: languageCodeSchema,
});

export const memberDetailsSchemaForProfile = z.object({
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
});
