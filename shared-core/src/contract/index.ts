/**
 * The API contract: every call with its access rule and request/response schemas.
 * The server validates with these schemas and generates the OpenAPI document (/api/docs) from them;
 * the browser uses their types only (zod never reaches the browser bundles).
 */
import type { z } from 'zod';
import {
  createPasswordResetTokenRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  memberStateSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  supportAuditListRequestSchema,
  supportAuditListResponseSchema,
  supportLoginRequestSchema,
  supportLoginResponseSchema,
} from './auth';
import { licenseeConfigSchema, remotesResponseSchema } from './bootstrap';
import { detailRequestSchema, emptyRequestSchema, okResponseSchema } from './common';
import { elearningCatalogRequestSchema, elearningCatalogResponseSchema } from './elearnings';
import { defineEndpoint } from './endpoint';
import { memberListRequestSchema, memberListResponseSchema, memberSchema } from './members';
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
import { riskAssessmentCatalogRequestSchema, riskAssessmentCatalogResponseSchema } from './riskAssessments';
import { memberTasksRequestSchema, memberTasksResponseSchema } from './tasks';

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
    summary: 'End the session',
    tag: 'auth',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: okResponseSchema,
  }),
  heartbeat: defineEndpoint('heartbeat', {
    summary: 'Keep the session alive; 401 when it has ended',
    tag: 'auth',
    access: 'session',
    permissions: [],
    request: emptyRequestSchema,
    response: okResponseSchema,
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
    summary: 'Where each product area (Module Federation remote) is deployed',
    tag: 'bootstrap',
    access: 'public',
    permissions: [],
    request: emptyRequestSchema,
    response: remotesResponseSchema,
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
    permissions: ['clientdetails.read-details'],
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
  memberList: defineEndpoint('memberList', {
    summary: "The client's members (not archived), sorted, filtered and paged",
    tag: 'members',
    access: 'session',
    permissions: ['member-list.get-list'],
    request: memberListRequestSchema,
    response: memberListResponseSchema,
  }),
  memberDetails: defineEndpoint('memberDetails', {
    summary: "One member's details",
    tag: 'members',
    access: 'session',
    permissions: ['member-list.memberdetails'],
    request: detailRequestSchema,
    response: memberSchema,
  }),
  elearningCatalog: defineEndpoint('elearningCatalog', {
    summary: "The client's e-learning catalogue",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-catalog'],
    featureFlag: 'elearnings',
    request: elearningCatalogRequestSchema,
    response: elearningCatalogResponseSchema,
  }),
  elearningMemberTasks: defineEndpoint('elearningMemberTasks', {
    summary: "The signed-in member's own e-learning tasks",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-member-tasks'],
    featureFlag: 'elearnings',
    request: memberTasksRequestSchema,
    response: memberTasksResponseSchema,
  }),
  riskAssessmentCatalog: defineEndpoint('riskAssessmentCatalog', {
    summary: "The client's risk-assessment catalogue",
    tag: 'risk-assessments',
    access: 'session',
    permissions: ['risk-assessment.read-catalog-list'],
    featureFlag: 'riskAssessments',
    request: riskAssessmentCatalogRequestSchema,
    response: riskAssessmentCatalogResponseSchema,
  }),
  riskAssessmentMemberTasks: defineEndpoint('riskAssessmentMemberTasks', {
    summary: "The signed-in member's own risk-assessment tasks",
    tag: 'risk-assessments',
    access: 'session',
    permissions: ['risk-assessment.read-member-tasks'],
    featureFlag: 'riskAssessments',
    request: memberTasksRequestSchema,
    response: memberTasksResponseSchema,
  }),
};

export type Endpoints = typeof ENDPOINTS;
export type RequestOf<Id extends keyof Endpoints> = z.input<Endpoints[Id]['request']>;
export type ResponseOf<Id extends keyof Endpoints> = z.output<Endpoints[Id]['response']>;

export * from './auth';
export * from './bootstrap';
export * from './common';
export * from './elearnings';
export * from './endpoint';
export * from './members';
export * from './profile';
export * from './riskAssessments';
export * from './tasks';
