import { z } from 'zod';
import {
  LICENSEE_BRANDING_LIMITS,
  LICENSEE_IMAGES,
  LICENSEE_LOGO_MAX_BYTES,
  SUPPORT_CHAT_KEY_PATTERN,
} from '../../branding';
import { COLOUR_PATTERN } from '../../colours';
import { httpUrl } from '../../validation/rules';
import { emptyRequestSchema, optionalTextSchema, uploadedBytesSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** A footer link: an http(s) address by the form's `httpUrl` rule, or none. */
const footerLinkSchema = optionalTextSchema(2000).refine((value) => value === null || httpUrl(value) === null, 'url');

const colourSchema = z.string().regex(COLOUR_PATTERN);
const themeColoursSchema = z.strictObject({
  primary: colourSchema,
  contrast: colourSchema,
  highlight: colourSchema.nullable(),
});

/**
 * What a licensee admin sets on the licensee's branding. The contrast colour on the primary colour must reach WCAG AA
 * in both themes (`themeContrastProblems`): the server answers 400 Licensee.ContrastTooLow otherwise.
 */
export const licenseeBrandingFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(LICENSEE_BRANDING_LIMITS.nameMaxLength),
  theme: z.strictObject({ light: themeColoursSchema, dark: themeColoursSchema }),
  footer: z.strictObject({
    licenseeLink: footerLinkSchema,
    legalNoticeLink: footerLinkSchema,
    dataProtectionLink: footerLinkSchema,
  }),
  moodImageCopyright: optionalTextSchema(LICENSEE_BRANDING_LIMITS.moodImageCopyrightMaxLength),
  supportChatKey: optionalTextSchema(LICENSEE_BRANDING_LIMITS.supportChatKeyMaxLength).refine(
    (value) => value === null || SUPPORT_CHAT_KEY_PATTERN.test(value),
    'supportChatKey',
  ),
  notificationFooterEmail: optionalTextSchema(LICENSEE_BRANDING_LIMITS.notificationFooterEmailMaxLength),
  // One line: the SMS puts it on a line of its own.
  notificationFooterSms: optionalTextSchema(LICENSEE_BRANDING_LIMITS.notificationFooterSmsMaxLength).refine(
    (value) => value === null || !/[\r\n]/.test(value),
    'singleLine',
  ),
  isWhitelabelPartner: z.boolean(),
});
export type LicenseeBrandingFields = z.input<typeof licenseeBrandingFieldsSchema>;

export const licenseeBrandingSchema = z.object({
  licenseeIdentifier: z.string(),
  /** The host names whose sign-in page shows this branding (read only here). */
  hostNames: z.array(z.string()),
  images: z.object({ logo: z.string().nullable(), mood: z.string().nullable() }),
  name: z.string(),
  theme: z.object({
    light: z.object({ primary: z.string(), contrast: z.string(), highlight: z.string().nullable() }),
    dark: z.object({ primary: z.string(), contrast: z.string(), highlight: z.string().nullable() }),
  }),
  footer: z.object({
    licenseeLink: z.string().nullable(),
    legalNoticeLink: z.string().nullable(),
    dataProtectionLink: z.string().nullable(),
  }),
  moodImageCopyright: z.string().nullable(),
  supportChatKey: z.string().nullable(),
  notificationFooterEmail: z.string().nullable(),
  notificationFooterSms: z.string().nullable(),
  isWhitelabelPartner: z.boolean(),
});
export type LicenseeBranding = z.infer<typeof licenseeBrandingSchema>;

/** A new logo, base64-encoded; the server checks its content (PNG, JPEG or WebP), not only its name. */
export const licenseeLogoUploadRequestSchema = z.strictObject({
  filename: z.string().trim().min(1).max(200),
  contentBase64: z
    .base64()
    .min(1)
    .max(Math.ceil(LICENSEE_LOGO_MAX_BYTES / 3) * 4),
});
export type LicenseeLogoUploadRequest = z.input<typeof licenseeLogoUploadRequestSchema>;

/**
 * A new mood image: `POST branding/mood?filename=<name>` with the image as the body (application/octet-stream, at most
 * LICENSEE_MOOD_MAX_BYTES); the server adds the bytes here and checks them (PNG, JPEG or WebP by content).
 */
export const licenseeMoodUploadRequestSchema = z.strictObject({
  filename: z.string().trim().min(1).max(200),
  file: uploadedBytesSchema,
});
export type LicenseeMoodUploadRequest = z.input<typeof licenseeMoodUploadRequestSchema>;

/** Removes the logo or the mood image: the sign-in page shows the default again (the name as text, no picture). */
export const licenseeImageRemoveRequestSchema = z.strictObject({ image: z.enum(LICENSEE_IMAGES) });
export type LicenseeImageRemoveRequest = z.input<typeof licenseeImageRemoveRequestSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

/** The licensee's own branding: read by admins and advisers, changed by admins; always the staff member's licensee. */
export const LICENSEE_BRANDING_ENDPOINTS = {
  licenseeBranding: defineEndpoint('licenseeBranding', {
    ...CONSOLE,
    summary: "The signed-in staff member's licensee branding: name, colours, footers, support chat, partner note",
    permissions: ['licensee.branding-read'],
    request: emptyRequestSchema,
    response: licenseeBrandingSchema,
  }),
  licenseeBrandingUpdate: defineEndpoint('licenseeBrandingUpdate', {
    ...CONSOLE,
    summary: "Change the licensee's branding; shown on the next page load of every host of the licensee",
    permissions: ['licensee.branding-update'],
    request: licenseeBrandingFieldsSchema,
    response: licenseeBrandingSchema,
  }),
  licenseeLogoUpload: defineEndpoint('licenseeLogoUpload', {
    ...CONSOLE,
    summary: "Replace the licensee's logo: PNG, JPEG or WebP by its content, at most 40 KB; SVG is refused",
    permissions: ['licensee.branding-update'],
    request: licenseeLogoUploadRequestSchema,
    response: licenseeBrandingSchema,
  }),
  licenseeMoodUpload: defineEndpoint('licenseeMoodUpload', {
    ...CONSOLE,
    summary: "Replace the licensee's mood image (the body, ?filename=): PNG, JPEG or WebP by its content, at most 2 MB",
    permissions: ['licensee.branding-update'],
    request: licenseeMoodUploadRequestSchema,
    response: licenseeBrandingSchema,
  }),
  licenseeImageRemove: defineEndpoint('licenseeImageRemove', {
    ...CONSOLE,
    summary: "Remove the licensee's logo or mood image: the sign-in page shows the default again",
    permissions: ['licensee.branding-update'],
    request: licenseeImageRemoveRequestSchema,
    response: licenseeBrandingSchema,
  }),
};
