/**
 * The API contract: every call with its access rule and request/response schemas.
 * The server validates with these schemas and generates the OpenAPI document (/api/docs) from them;
 * the browser uses their types only (zod never reaches the browser bundles).
 */
import type { z } from 'zod';
import {
  createPasswordResetTokenRequestSchema,
  heartbeatResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  memberStateSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  supportAuditListRequestSchema,
  supportAuditListResponseSchema,
  supportLoginRequestSchema,
  supportLoginResponseSchema,
} from './auth';
import { licenseeConfigSchema, platformResponseSchema, remotesResponseSchema } from './bootstrap';
import { emptyRequestSchema, okResponseSchema } from './common';
import { COMPANY_ENDPOINTS } from './company/schemas';
import { CERTIFICATE_ENDPOINTS } from './elearnings/certificateSchemas';
import { ELEARNINGS_ENDPOINTS } from './elearnings/schemas';
import { defineEndpoint } from './endpoint';
import { INFOPOINT_ENDPOINTS } from './infopoint/schemas';
import { INSTRUCTIONS_ENDPOINTS } from './instructions/schemas';
import { LICENSEE_AUDIT_ENDPOINTS } from './licensee/auditSchemas';
import { LICENSEE_BRANDING_ENDPOINTS } from './licensee/branding';
import { LICENSEE_COURSE_SOURCES_ENDPOINTS } from './licensee/courseSources';
import { LICENSEE_DOMAIN_ENDPOINTS } from './licensee/domains';
import { LICENSEE_RELEASE_ENDPOINTS } from './licensee/releases';
import { LICENSEE_ENDPOINTS } from './licensee/schemas';
import { LICENSEE_STAFF_ENDPOINTS } from './licensee/staffSchemas';
import { LICENSEE_SUPPORT_ENDPOINTS } from './licensee/supportSchemas';
import { LICENSEE_USAGE_ENDPOINTS } from './licensee/usageSchemas';
import { LOCATIONS_ENDPOINTS } from './locations/schemas';
import { MEMBER_GROUPS_ENDPOINTS } from './memberGroups/schemas';
import { MEMBER_IMPORT_ENDPOINTS } from './memberImport/schemas';
import { MEMBERS_ENDPOINTS } from './members/schemas';
import { ORG_UNITS_ENDPOINTS } from './orgUnits/schemas';
import {
  memberDetailsSchemaForProfile,
  profileChangePasswordRequestSchema,
  profileChangeUsernameRequestSchema,
  profileChangeUsernameResponseSchema,
  profileCheckUsernameRequestSchema,
  profileCheckUsernameResponseSchema,
  profileOrgUnitListResponseSchema,
  profileSettingSchema,
  profileUpdateRequestSchema,
  profileUpdateSettingRequestSchema,
} from './profile';
import { REMINDERS_ENDPOINTS } from './reminders/schemas';
import { RISK_ASSESSMENTS_ENDPOINTS } from './riskAssessments/schemas';
import { SCIM_ENDPOINTS } from './scim/schemas';
import { SSO_ENDPOINTS, ssoOptionsRequestSchema, ssoOptionsResponseSchema } from './sso/schemas';
import { START_ENDPOINTS } from './start/schemas';
import { TEMPLATES_ENDPOINTS } from './templates/schemas';

export const ENDPOINTS = {
  csrf: defineEndpoint('csrf', {
    summary: 'Issue the XSRF-TOKEN cookie',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: okResponseSchema,
  }),
  login: defineEndpoint('login', {
    summary: 'Sign in with company ID, username and the SHA-256 of the password',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: loginRequestSchema,
    response: loginResponseSchema,
  }),
  logout: defineEndpoint('logout', {
    summary: "End the session; a single sign-on session also names the provider's logout page to go on to",
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: logoutResponseSchema,
  }),
  ssoOptions: defineEndpoint('ssoOptions', {
    summary: 'Which sign-in the sign-in page offers for a company ID: password, single sign-on, or both',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: ssoOptionsRequestSchema,
    response: ssoOptionsResponseSchema,
  }),
  heartbeat: defineEndpoint('heartbeat', {
    summary: 'Keep the session alive and tell what it may open now (accessVersion); 401 when it has ended',
    tag: 'auth',
    access: 'session',
    permissions: [],
    request: emptyRequestSchema,
    response: heartbeatResponseSchema,
  }),
  memberState: defineEndpoint('memberState', {
    summary: 'The signed-in member, permissions, feature flags and client name',
    tag: 'auth',
    access: 'session',
    permissions: [],
    request: emptyRequestSchema,
    response: memberStateSchema,
  }),
  licenseeConfig: defineEndpoint('licenseeConfig', {
    summary: 'Branding of the licensee that owns the requested host name',
    tag: 'bootstrap',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: licenseeConfigSchema,
  }),
  remotes: defineEndpoint('remotes', {
    summary:
      "Where each product area (Module Federation remote) is deployed: the releases chosen for the session's client or licensee (a visitor: the host's licensee), else the deployment's own builds",
    tag: 'bootstrap',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: remotesResponseSchema,
  }),
  platform: defineEndpoint('platform', {
    summary: "The API contract versions served per area and the shell's shared packages: what a release must fit",
    tag: 'bootstrap',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: platformResponseSchema,
  }),
  createPasswordResetToken: defineEndpoint('createPasswordResetToken', {
    summary: 'Forgotten password: mail a reset link (the answer never tells whether the account exists)',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: createPasswordResetTokenRequestSchema,
    response: okResponseSchema,
  }),
  resetPassword: defineEndpoint('resetPassword', {
    summary: 'Set a new password with the token of a reset or welcome mail; signs the member in',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema,
  }),
  supportLogin: defineEndpoint('supportLogin', {
    summary: 'Consume a signed, single-use support link: a customer adviser session (role user, 30 days)',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: supportLoginRequestSchema,
    response: supportLoginResponseSchema,
  }),
  supportAuditList: defineEndpoint('supportAuditList', {
    summary: 'What customer advisers did in the client through the support login (newest first)',
    tag: 'auth',
    access: 'session',
    permissions: ['clientdetails.read-configuration'],
    request: supportAuditListRequestSchema,
    response: supportAuditListResponseSchema,
  }),
  profileChangePassword: defineEndpoint('profileChangePassword', {
    summary: 'Change own password (old, new, repeated; SHA-256 hex)',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.change-password'],
    request: profileChangePasswordRequestSchema,
    response: okResponseSchema,
  }),
  profileChangeUsername: defineEndpoint('profileChangeUsername', {
    summary: 'Change own username (needs the current password)',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.change-username'],
    request: profileChangeUsernameRequestSchema,
    response: profileChangeUsernameResponseSchema,
  }),
  profileCheckUsername: defineEndpoint('profileCheckUsername', {
    summary: "Whether a username is taken in the member's client",
    tag: 'profile',
    access: 'session',
    permissions: ['profile.change-username'],
    request: profileCheckUsernameRequestSchema,
    response: profileCheckUsernameResponseSchema,
  }),
  profileReadOrgUnitList: defineEndpoint('profileReadOrgUnitList', {
    summary: 'The org units the signed-in member belongs to or administers',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.read-org-unit-list'],
    request: emptyRequestSchema,
    response: profileOrgUnitListResponseSchema,
  }),
  profileUpdate: defineEndpoint('profileUpdate', {
    summary: 'Update own name, e-mail, phone and mobile number',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.update-member-profile'],
    request: profileUpdateRequestSchema,
    response: memberDetailsSchemaForProfile,
  }),
  profileReadSetting: defineEndpoint('profileReadSetting', {
    summary: 'Own theme and language',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.read-profile-setting'],
    request: emptyRequestSchema,
    response: profileSettingSchema,
  }),
  profileUpdateSetting: defineEndpoint('profileUpdateSetting', {
    summary: 'Change own theme and language',
    tag: 'profile',
    access: 'session',
    permissions: ['profile.read-profile-setting'],
    request: profileUpdateSettingRequestSchema,
    response: profileSettingSchema,
  }),
  // The company part and the apps: one folder per area, its schemas beside its calls (`<area>/calls.ts`).
  ...MEMBERS_ENDPOINTS,
  ...MEMBER_GROUPS_ENDPOINTS,
  ...ORG_UNITS_ENDPOINTS,
  ...LOCATIONS_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  ...SSO_ENDPOINTS,
  ...SCIM_ENDPOINTS,
  ...MEMBER_IMPORT_ENDPOINTS,
  ...ELEARNINGS_ENDPOINTS,
  ...CERTIFICATE_ENDPOINTS,
  ...INSTRUCTIONS_ENDPOINTS,
  ...RISK_ASSESSMENTS_ENDPOINTS,
  ...START_ENDPOINTS,
  ...INFOPOINT_ENDPOINTS,
  ...TEMPLATES_ENDPOINTS,
  ...REMINDERS_ENDPOINTS,
  // The licensee console (licensee staff sessions only).
  ...LICENSEE_ENDPOINTS,
  ...LICENSEE_BRANDING_ENDPOINTS,
  ...LICENSEE_DOMAIN_ENDPOINTS,
  ...LICENSEE_RELEASE_ENDPOINTS,
  ...LICENSEE_COURSE_SOURCES_ENDPOINTS,
  ...LICENSEE_SUPPORT_ENDPOINTS,
  ...LICENSEE_AUDIT_ENDPOINTS,
  ...LICENSEE_USAGE_ENDPOINTS,
  ...LICENSEE_STAFF_ENDPOINTS,
};

export type Endpoints = typeof ENDPOINTS;
export type RequestOf<Id extends keyof Endpoints> = z.input<Endpoints[Id]['request']>;
export type ResponseOf<Id extends keyof Endpoints> = z.output<Endpoints[Id]['response']>;

export * from './auth';
export * from './bootstrap';
export * from './common';
export * from './company/schemas';
export * from './elearnings/certificateSchemas';
export * from './elearnings/schemas';
export * from './endpoint';
export * from './infopoint/schemas';
export * from './instructions/schemas';
export * from './licensee/auditSchemas';
export * from './licensee/branding';
export * from './licensee/courseSources';
export * from './licensee/domains';
export * from './licensee/releases';
export * from './licensee/schemas';
export * from './licensee/staffSchemas';
export * from './licensee/supportSchemas';
export * from './licensee/usageSchemas';
export * from './locations/schemas';
export * from './memberGroups/schemas';
export * from './memberImport/schemas';
export * from './members/schemas';
export * from './orgUnits/schemas';
export * from './profile';
export * from './reminders/schemas';
export * from './riskAssessments/schemas';
export * from './scim/schemas';
export * from './sso/schemas';
export * from './start/schemas';
export * from './tasks';
export * from './templates/schemas';
