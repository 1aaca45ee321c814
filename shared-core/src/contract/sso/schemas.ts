import { z } from 'zod';
import { URL_MAX_LENGTH } from '../../validation/rules';
import { emptyRequestSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { SSO_LOGIN_MODES } from './calls';

export { SSO_LOGIN_MODES, type SsoLoginMode } from './calls';

/** The sign-in page asks this once the company ID is known: which sign-in to offer. */
export const ssoOptionsRequestSchema = z.strictObject({
  clientIdentifier: z.string().trim().toLowerCase().min(1).max(64),
});
/** An unknown company answers as one without a provider (`password`): the answer tells strangers nothing. */
export const ssoOptionsResponseSchema = z.object({
  loginMode: z.enum(SSO_LOGIN_MODES),
  providerName: z.string().nullable(),
});
export type SsoOptions = z.infer<typeof ssoOptionsResponseSchema>;

/** The company's provider as the configuration page shows it: never the secret, only whether one is kept. */
export const ssoConfigurationSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecretSet: z.boolean(),
  providerName: z.string().nullable(),
  loginMode: z.enum(SSO_LOGIN_MODES),
  /** What the provider must allow as the redirect URI and as the address after its logout (this host's). */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
  /** A provider's account without a member gets one at its first sign-in (role member). */
  createMembers: z.boolean(),
  /** Members linked to an account of the provider (by its subject). */
  linkedMembers: z.int().min(0),
});
export type SsoConfiguration = z.infer<typeof ssoConfigurationSchema>;

const trimmedText = (max: number) => z.string().trim().min(1).max(max);

export const updateSsoConfigurationRequestSchema = z.strictObject({
  /** The issuer identifier; its discovery document (`/.well-known/openid-configuration`) is read and checked. */
  issuer: trimmedText(URL_MAX_LENGTH),
  clientId: trimmedText(255),
  /** null: keep the secret kept now (a first configuration needs one). */
  clientSecret: trimmedText(1000).nullable(),
  providerName: trimmedText(60),
  loginMode: z.enum(SSO_LOGIN_MODES),
  /** Off by default: sign-in only links members that exist. */
  createMembers: z.boolean().default(false),
});
export type UpdateSsoConfigurationRequest = z.input<typeof updateSsoConfigurationRequestSchema>;

export const SSO_ENDPOINTS = {
  ssoConfiguration: defineEndpoint('ssoConfiguration', {
    summary: "The company's OpenID Connect provider for single sign-on (no secret), and the addresses to register",
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.read-configuration'],
    request: emptyRequestSchema,
    response: ssoConfigurationSchema,
  }),
  updateSsoConfiguration: defineEndpoint('updateSsoConfiguration', {
    summary:
      "Set the company's OpenID Connect provider (issuer discovered and checked, secret encrypted) and how members sign in",
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: updateSsoConfigurationRequestSchema,
    response: ssoConfigurationSchema,
  }),
  removeSsoConfiguration: defineEndpoint('removeSsoConfiguration', {
    summary: 'Remove the provider: members sign in with their passwords again (links to the provider are kept)',
    tag: 'company',
    access: 'session',
    permissions: ['clientdetails.update-configuration'],
    request: emptyRequestSchema,
    response: ssoConfigurationSchema,
  }),
};
