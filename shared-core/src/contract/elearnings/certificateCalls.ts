import type { RouteTable } from '../routeTable';

/**
 * Certificates: a member's own list ("Meine Nachweise"), an administrator's download from the analytics, and the
 * public check of a verification code (`schemas` in certificateSchemas.ts beside it).
 */
export const CERTIFICATE_ROUTES = {
  elearningMyCertificates: { method: 'POST', path: '/api/elearning/read-my-certificates', reads: true },
  elearningMemberCertificatePdf: { method: 'GET', path: '/api/elearning/member-certificate-pdf' },
  certificateVerify: { method: 'GET', path: '/api/certificate/verify' },
} as const satisfies RouteTable;

export const MY_CERTIFICATES_SORT_KEYS = ['validUntil', 'completedAt', 'courseTitle'] as const;
export type MyCertificatesSortKey = (typeof MY_CERTIFICATES_SORT_KEYS)[number];

/** valid: within its validity; expired: the repeat was due before today; noExpiry: a course without repeat. */
export const CERTIFICATE_VALIDITIES = ['valid', 'expired', 'noExpiry'] as const;
export type CertificateValidity = (typeof CERTIFICATE_VALIDITIES)[number];
