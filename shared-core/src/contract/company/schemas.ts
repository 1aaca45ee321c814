import { z } from 'zod';
import { CLIENT_DETAILS_LIMITS } from '../../companyLimits';
import { URL_MAX_LENGTH } from '../../validation/rules';
import { emptyRequestSchema, optionalTextSchema } from '../common';
import { countryCodeSchema } from '../countries';
import { defineEndpoint } from '../endpoint';

/** An optional web address; the server checks it with the forms' own rule (`httpUrl`); '' and null mean none. */
export const optionalHttpUrlSchema = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** A client's master data as the company settings and the licensee console show it. */
export const clientMasterDataSchema = z.object({
  name: z.string(),
  street: z.string().nullable(),
  additional: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  homepage: z.string().nullable(),
});
export type ClientMasterData = z.infer<typeof clientMasterDataSchema>;

export const clientDetailsSchema = clientMasterDataSchema.extend({
  /** The company ID used at sign-in: read-only. */
  clientIdentifier: z.string(),
  /** The countries the client offers for addresses (its licensee chooses them), named in the member's language. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

/**
 * A client's master data as the company's super-admin and the licensee set it. The postal code is checked against
 * the country on the server (`Client.InvalidPostalCode`) and the homepage with `httpUrl` (`Client.Invalid`), each
 * with its own code; a country the client does not offer is refused (`Address.CountryNotOffered`) unless it is the
 * one stored.
 */
export const clientMasterDataInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(CLIENT_DETAILS_LIMITS.nameMaxLength),
  street: optionalTextSchema(CLIENT_DETAILS_LIMITS.streetMaxLength),
  additional: optionalTextSchema(CLIENT_DETAILS_LIMITS.additionalMaxLength),
  postalCode: optionalTextSchema(CLIENT_DETAILS_LIMITS.postalCodeMaxLength),
  city: optionalTextSchema(CLIENT_DETAILS_LIMITS.cityMaxLength),
  country: countryCodeSchema,
  homepage: optionalHttpUrlSchema,
});

/** The master data the super-admin edits in the company settings. */
export const updateClientDetailsRequestSchema = clientMasterDataInputSchema;
export type UpdateClientDetailsRequest = z.input<typeof updateClientDetailsRequestSchema>;

export const clientConfigurationSchema = z.object({
  /** Customer advisers may sign in through a support link. */
  supportLoginAllowed: z.boolean(),
  /** The client's own calendar link; null = the licensee's is used. */
  externalCalendarHref: z.string().nullable(),
  /** The licensee's calendar link, used when the client has none. */
  licenseeExternalCalendarHref: z.string().nullable(),
  /** The apps switched on for the client: the licensee sets them, the company only sees them. */
  featureFlags: z.object({
    elearnings: z.boolean(),
    riskAssessments: z.boolean(),
    templates: z.boolean(),
    calendar: z.boolean(),
  }),
});
export type ClientConfiguration = z.infer<typeof clientConfigurationSchema>;

export const updateClientConfigurationRequestSchema = z.strictObject({
  supportLoginAllowed: z.boolean(),
  /** Checked with `httpUrl` by the server (`Client.Invalid`). */
  externalCalendarHref: optionalHttpUrlSchema,
});
export type UpdateClientConfigurationRequest = z.input<typeof updateClientConfigurationRequestSchema>;

/** The company calls of spec section 7: request and response schemas, access rules. */
export const COMPANY_ENDPOINTS = {
  clientDetails: defineEndpoint('clientDetails', {
    summary: "The company's master data (name, company ID, address, homepage) and the countries offered",
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.read-details'],
    request: emptyRequestSchema,
    response: clientDetailsSchema,
  }),
  updateClientDetails: defineEndpoint('updateClientDetails', {
    summary: "Change the company's master data (the company ID stays)",
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-details'],
    request: updateClientDetailsRequestSchema,
    response: clientDetailsSchema,
  }),
  clientConfiguration: defineEndpoint('clientConfiguration', {
    summary: "The company's configuration: support login, calendar link, apps switched on (read-only)",
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.read-configuration'],
    request: emptyRequestSchema,
    response: clientConfigurationSchema,
  }),
  updateClientConfiguration: defineEndpoint('updateClientConfiguration', {
    summary:
      'Allow or refuse the support login and set the calendar link (switching support off ends support sessions)',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: updateClientConfigurationRequestSchema,
    response: clientConfigurationSchema,
  }),
};
