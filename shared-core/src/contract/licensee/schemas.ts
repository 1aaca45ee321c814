import { z } from 'zod';
import { FEATURE_FLAGS } from '../../featureFlags';
import { LICENSEE_ROLES } from '../../permissions';
import { email } from '../../validation/rules';
import {
  detailRequestSchema,
  emptyRequestSchema,
  languageCodeSchema,
  searchTextSchema,
  sha256HexSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { clientMasterDataInputSchema, clientMasterDataSchema } from '../company/schemas';
import { offeredCountriesSchema } from '../countries';
import { defineEndpoint } from '../endpoint';
import { memberUsernameSchema } from '../members/schemas';
import { LICENSEE_CLIENT_SORT_KEYS, LICENSEE_CLIENT_STATUS_FILTERS, MAX_MEMBER_LIMIT } from './calls';

/** Sign-in of licensee staff (/auth/licensee): the licensee's identifier instead of a company ID. */
export const licenseeLoginRequestSchema = z.strictObject({
  licenseeIdentifier: z.string().trim().toLowerCase().min(1).max(64),
  username: z.string().trim().toLowerCase().min(1).max(254),
  password: sha256HexSchema,
});
export const licenseeLoginResponseSchema = z.object({ authenticated: z.literal(true) });

/** What the shell needs of a signed-in licensee staff member (the licensee console's counterpart of memberState). */
export const licenseeStateSchema = z.object({
  staff: z.object({
    uuid: uuidSchema,
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    roleIdentifier: z.enum(LICENSEE_ROLES),
    permissions: z.array(z.string()),
    language: languageCodeSchema,
  }),
  licensee: z.object({ identifier: z.string(), name: z.string() }),
});
export type LicenseeState = z.infer<typeof licenseeStateSchema>;

const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof FEATURE_FLAGS)[number],
    z.ZodBoolean
  >,
);
const featureFlagsInputSchema = z.strictObject(featureFlagsSchema.shape);

export const licenseeClientListItemSchema = z.object({
  uuid: uuidSchema,
  clientIdentifier: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  active: z.boolean(),
  /** Members that are not archived: the ones the member limit counts. */
  memberCount: z.int().min(0),
  maxMembers: z.int().nullable(),
  featureFlags: featureFlagsSchema,
  createdAt: z.string(),
});
export type LicenseeClientListItem = z.infer<typeof licenseeClientListItemSchema>;

export const licenseeClientListRequestSchema = tableRequestSchema(
  z.strictObject({
    /** Part of the name or of the company ID. */
    search: searchTextSchema.optional(),
    status: z.enum(LICENSEE_CLIENT_STATUS_FILTERS).default('all'),
  }),
  LICENSEE_CLIENT_SORT_KEYS,
  'name',
);
export type LicenseeClientListRequest = z.input<typeof licenseeClientListRequestSchema>;
export const licenseeClientListResponseSchema = tableResponseSchema(licenseeClientListItemSchema);

export const licenseeClientDetailsSchema = clientMasterDataSchema.extend({
  uuid: uuidSchema,
  clientIdentifier: z.string(),
  maxMembers: z.int().nullable(),
  featureFlags: featureFlagsSchema,
  /** The address countries the client's forms offer (ISO 3166-1 alpha-2). */
  offeredCountries: z.array(z.string()),
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  memberCount: z.int().min(0),
  createdAt: z.string(),
});
export type LicenseeClientDetails = z.infer<typeof licenseeClientDetailsSchema>;

/**
 * What the licensee sets on a client: its master data (as in the company settings), the member limit (null = none),
 * the four feature flags and the address countries the client offers. Offered countries left out: AT and DE for a
 * new client, unchanged on an update.
 */
const licenseeClientFieldsSchema = clientMasterDataInputSchema.extend({
  maxMembers: z.int().min(1).max(MAX_MEMBER_LIMIT).nullable(),
  featureFlags: featureFlagsInputSchema,
  offeredCountries: offeredCountriesSchema.optional(),
});
export type LicenseeClientFields = z.input<typeof licenseeClientFieldsSchema>;

/** The client's first super-admin: gets the welcome mail with a link to set the password. */
export const firstSuperAdminSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(255),
  lastName: z.string().trim().min(1).max(255),
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((value) => email(value) === null, 'email'),
  username: memberUsernameSchema,
  language: languageCodeSchema,
});

export const licenseeClientCreateRequestSchema = licenseeClientFieldsSchema.extend({
  /** The company ID (spec's clientIdentifier rule); the server answers Client.Invalid or Client.IdentifierExists. */
  clientIdentifier: z.string().trim().toLowerCase().min(1).max(64),
  superAdmin: firstSuperAdminSchema,
});
export type LicenseeClientCreateRequest = z.input<typeof licenseeClientCreateRequestSchema>;
export const licenseeClientCreateResponseSchema = z.object({
  uuid: uuidSchema,
  superAdminUuid: uuidSchema,
  welcomeMailSent: z.boolean(),
});

export const licenseeClientUpdateRequestSchema = licenseeClientFieldsSchema.extend({ uuid: uuidSchema });
export type LicenseeClientUpdateRequest = z.input<typeof licenseeClientUpdateRequestSchema>;

/** Deactivate (active false) or reactivate a client: nothing is deleted, its members' sign-in is refused meanwhile. */
export const licenseeClientSetStatusRequestSchema = z.strictObject({ uuid: uuidSchema, active: z.boolean() });

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

/** The licensee console's calls: licensee staff only, each scoped to the staff member's own licensee. */
export const LICENSEE_ENDPOINTS = {
  licenseeLogin: defineEndpoint('licenseeLogin', {
    summary: "Licensee staff sign-in with the licensee's identifier, username and the SHA-256 of the password",
    tag: 'licensee',
    access: 'public',
    permissions: [],
    request: licenseeLoginRequestSchema,
    response: licenseeLoginResponseSchema,
  }),
  licenseeState: defineEndpoint('licenseeState', {
    ...CONSOLE,
    summary: 'The signed-in licensee staff member, role, permissions and licensee (also the console heartbeat)',
    permissions: [],
    request: emptyRequestSchema,
    response: licenseeStateSchema,
  }),
  licenseeClientList: defineEndpoint('licenseeClientList', {
    ...CONSOLE,
    summary: "The licensee's clients: search by name or company ID, status filter, sorted and paged",
    permissions: ['licensee.client-list'],
    request: licenseeClientListRequestSchema,
    response: licenseeClientListResponseSchema,
  }),
  licenseeClientDetails: defineEndpoint('licenseeClientDetails', {
    ...CONSOLE,
    summary: "One of the licensee's clients: master data, member limit, feature flags, status",
    permissions: ['licensee.client-details'],
    request: detailRequestSchema,
    response: licenseeClientDetailsSchema,
  }),
  licenseeClientCreate: defineEndpoint('licenseeClientCreate', {
    ...CONSOLE,
    summary: 'Create a client with its root org unit and first super-admin, who gets the welcome mail',
    permissions: ['licensee.client-create'],
    request: licenseeClientCreateRequestSchema,
    response: licenseeClientCreateResponseSchema,
  }),
  licenseeClientUpdate: defineEndpoint('licenseeClientUpdate', {
    ...CONSOLE,
    summary: "Change a client's master data, member limit and feature flags (the company ID stays)",
    permissions: ['licensee.client-update'],
    request: licenseeClientUpdateRequestSchema,
    response: licenseeClientDetailsSchema,
  }),
  licenseeClientSetStatus: defineEndpoint('licenseeClientSetStatus', {
    ...CONSOLE,
    summary: "Deactivate or reactivate a client (its members' sign-in is refused while deactivated)",
    permissions: ['licensee.client-change-status'],
    request: licenseeClientSetStatusRequestSchema,
    response: licenseeClientDetailsSchema,
  }),
};
