import { z } from 'zod';
import { emptyRequestSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { SCIM_GROUP_TARGETS } from './calls';

export { SCIM_GROUP_TARGETS, type ScimGroupTarget } from './calls';

export const scimTokenSchema = z.object({
  uuid: uuidSchema,
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimSettingsSchema = z.object({
  /** The SCIM base URL to enter in the directory (this host's `/scim/v2`). */
  baseUrl: z.string(),
  groupTarget: z.enum(SCIM_GROUP_TARGETS),
  /** Newest first; revoked ones stay listed with their date. */
  tokens: z.array(scimTokenSchema),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

export const createScimTokenRequestSchema = z.strictObject({ label: z.string().trim().min(1).max(80) });
/** The token itself is in this answer only: the server keeps its hash. */
export const createScimTokenResponseSchema = z.object({ token: z.string(), settings: scimSettingsSchema });

export const revokeScimTokenRequestSchema = z.strictObject({ uuid: uuidSchema });
export const updateScimSettingsRequestSchema = z.strictObject({ groupTarget: z.enum(SCIM_GROUP_TARGETS) });

export const SCIM_ENDPOINTS = {
  scimSettings: defineEndpoint('scimSettings', {
    summary: 'SCIM provisioning: the base URL, what groups become, and the tokens (never the tokens themselves)',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.read-configuration'],
    request: emptyRequestSchema,
    response: scimSettingsSchema,
  }),
  createScimToken: defineEndpoint('createScimToken', {
    summary: 'Create a SCIM bearer token for the directory (shown in this answer once; kept as a hash)',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: createScimTokenRequestSchema,
    response: createScimTokenResponseSchema,
  }),
  revokeScimToken: defineEndpoint('revokeScimToken', {
    summary: 'Revoke a SCIM token: the directory’s next request with it is refused',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: revokeScimTokenRequestSchema,
    response: scimSettingsSchema,
  }),
  updateScimSettings: defineEndpoint('updateScimSettings', {
    summary: 'Choose what the directory’s groups are: org units or member groups',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: updateScimSettingsRequestSchema,
    response: scimSettingsSchema,
  }),
};
