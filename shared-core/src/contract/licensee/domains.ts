import { z } from 'zod';
import { HOST_NAME_MAX_LENGTH } from '../../validation/rules';
import { emptyRequestSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/**
 * The licensee's domains: the host names under which the dashboard shows its branding (a host name of no licensee
 * shows the default licensee's). The server normalises the name (trimmed, lower case) and checks it with the
 * `hostName` rule (400 Domain.Invalid).
 */
export const licenseeDomainRequestSchema = z.strictObject({
  hostName: z
    .string()
    .trim()
    .min(1)
    .max(HOST_NAME_MAX_LENGTH + 10),
});
export type LicenseeDomainRequest = z.input<typeof licenseeDomainRequestSchema>;

export const licenseeDomainSchema = z.object({
  hostName: z.string(),
  createdAt: z.string(),
  /** The host this console is open under: removing it is refused (409 Domain.Mismatch). */
  current: z.boolean(),
});
export type LicenseeDomain = z.infer<typeof licenseeDomainSchema>;

/** The licensee's host names in the order they were added (a white-label licensee's mails link to the first). */
export const licenseeDomainsSchema = z.object({ items: z.array(licenseeDomainSchema) });
export type LicenseeDomains = z.infer<typeof licenseeDomainsSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

/** Read by the licensee's staff, changed by its admins; always the staff member's own licensee. */
export const LICENSEE_DOMAIN_ENDPOINTS = {
  licenseeDomains: defineEndpoint('licenseeDomains', {
    ...CONSOLE,
    summary: "The signed-in staff member's licensee's host names (domains), in the order they were added",
    permissions: ['licensee.branding-read'],
    request: emptyRequestSchema,
    response: licenseeDomainsSchema,
  }),
  licenseeDomainAdd: defineEndpoint('licenseeDomainAdd', {
    ...CONSOLE,
    summary:
      "Add a host name to the licensee: its sign-in page shows the licensee's branding from the next page load; 409 Domain.Exists when a licensee has it",
    permissions: ['licensee.branding-update'],
    request: licenseeDomainRequestSchema,
    response: licenseeDomainsSchema,
  }),
  licenseeDomainRemove: defineEndpoint('licenseeDomainRemove', {
    ...CONSOLE,
    summary:
      "Remove one of the licensee's host names (it shows the default licensee again); 409 Domain.Mismatch for the host this console is open under",
    permissions: ['licensee.branding-update'],
    request: licenseeDomainRequestSchema,
    response: licenseeDomainsSchema,
  }),
};
