import { z } from 'zod';
import { VERIFICATION_CODE_INPUT_PATTERN } from '../../certificates';
import { detailRequestSchema, searchTextSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { CERTIFICATE_VALIDITIES, MY_CERTIFICATES_SORT_KEYS } from './certificateCalls';

const isoDateSchema = z.iso.date();
const certificateValiditySchema = z.enum(CERTIFICATE_VALIDITIES);

export const myCertificatesFilterSchema = z.strictObject({
  /** Part of the course title. */
  search: searchTextSchema.optional(),
  validity: certificateValiditySchema.optional(),
});
export type MyCertificatesFilter = z.input<typeof myCertificatesFilterSchema>;

export const myCertificatesRequestSchema = tableRequestSchema(
  myCertificatesFilterSchema,
  MY_CERTIFICATES_SORT_KEYS,
  'validUntil',
);
export type MyCertificatesRequest = z.input<typeof myCertificatesRequestSchema>;

export const myCertificateSchema = z.object({
  /** The result's uuid: the certificate page and its PDF. */
  uuid: uuidSchema,
  /** The title in the language the certificate was earned in (fixed at completion). */
  courseTitle: z.string(),
  completedAt: z.string().describe('ISO timestamp of the completion'),
  validUntil: isoDateSchema
    .nullable()
    .describe(
      "The day the repeat is due: completion day + the course's repeat interval in months; null for a course done once",
    ),
  validity: certificateValiditySchema,
  scorePercent: z.number().nullable(),
  /** As printed on the certificate, `XXXX-XXXX-XXXX`. */
  verificationCode: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificateSchema>;
export const myCertificatesResponseSchema = tableResponseSchema(myCertificateSchema);

export const certificateVerifyRequestSchema = z.strictObject({
  code: z
    .string()
    .max(14)
    .regex(VERIFICATION_CODE_INPUT_PATTERN)
    .describe('The 12-character code of a certificate, with or without hyphens, any case'),
});
export type CertificateVerifyRequest = z.input<typeof certificateVerifyRequestSchema>;

/** What the public page shows of a certificate: nothing beyond name, course, date and validity. */
export const certificateVerifyResponseSchema = z.object({
  memberName: z.string(),
  courseTitle: z.string(),
  completedAt: z.string().describe('ISO timestamp of the completion'),
  validUntil: isoDateSchema.nullable(),
  valid: z.boolean().describe('false once the repeat was due (validUntil before today)'),
});
export type CertificateVerification = z.infer<typeof certificateVerifyResponseSchema>;

const pdfResponse = z.custom<Uint8Array>((value) => value instanceof Uint8Array).describe('application/pdf');

export const CERTIFICATE_ENDPOINTS = {
  elearningMyCertificates: defineEndpoint('elearningMyCertificates', {
    summary: "The signed-in member's certificates (Meine Nachweise) with their validity",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-member-tasks'],
    featureFlag: 'elearnings',
    request: myCertificatesRequestSchema,
    response: myCertificatesResponseSchema,
  }),
  elearningMemberCertificatePdf: defineEndpoint('elearningMemberCertificatePdf', {
    summary:
      "A member's certificate as a PDF for the analytics (uuid: the result, certificateUuid of a statistics row); an ou-admin: his units' members only",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-statistics'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: pdfResponse,
  }),
  certificateVerify: defineEndpoint('certificateVerify', {
    summary:
      'Public check of a verification code (no sign-in, rate limited per address): name, course, date and validity; 404 Certificate.NotFound for an unknown code or one of another licensee',
    tag: 'elearnings',
    access: 'public',
    permissions: [],
    request: certificateVerifyRequestSchema,
    response: certificateVerifyResponseSchema,
  }),
};
