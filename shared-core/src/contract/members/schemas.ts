import { z } from 'zod';
import { ROLES } from '../../permissions';
import { BULK_MAX } from '../../tables';
import { username } from '../../validation/rules';
import {
  bulkSelectionSchema,
  detailRequestSchema,
  languageCodeSchema,
  okResponseSchema,
  optionalEmailSchema,
  optionalTextSchema,
  searchTextSchema,
  sha256HexSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { countryCodeSchema } from '../countries';
import { defineEndpoint } from '../endpoint';

export const memberStatusSchema = z.enum(['active', 'inactive']);

export const MEMBER_LIST_SORT_KEYS = [
  'lastName',
  'firstName',
  'username',
  'email',
  'role',
  'status',
  'lastLoginAt',
] as const;

/** The member list's filter; the bulk calls on the list take the same one ("all N matching the filter"). */
export const memberListFilterSchema = z.strictObject({
  search: searchTextSchema.optional(),
  /** Default: active and inactive members (archived ones live in the archive list). */
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  role: z.enum(ROLES).optional(),
  /** Members of this org unit (the default unit: everybody). */
  orgUnitUuid: uuidSchema.optional(),
  /** Members assigned to this location. */
  locationUuid: uuidSchema.optional(),
});
export type MemberListFilter = z.input<typeof memberListFilterSchema>;

export const memberListRequestSchema = tableRequestSchema(memberListFilterSchema, MEMBER_LIST_SORT_KEYS, 'lastName');
export type MemberListRequest = z.input<typeof memberListRequestSchema>;

export const memberListItemSchema = z.object({
  uuid: uuidSchema,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  status: memberStatusSchema,
  lastLoginAt: z.string().nullable(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
export const memberListResponseSchema = tableResponseSchema(memberListItemSchema);

export const SPECIAL_ATTRIBUTES = ['pregnant', 'underage'] as const;
export type SpecialAttribute = (typeof SPECIAL_ATTRIBUTES)[number];
export const GENDERS = ['m', 'f', 'd'] as const;
export type Gender = (typeof GENDERS)[number];
/** The roles an administrator can give; `user` (customer adviser) exists only through the support login. */
export const ASSIGNABLE_ROLES = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const PASSWORD_MODES = ['initial', 'byEmail', 'bySms', 'noPassword'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

export const memberSchema = memberListItemSchema.extend({
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  language: languageCodeSchema,
  specialAttributes: z.array(z.string()),
  externalCompany: z.string().nullable(),
  gender: z.enum(GENDERS),
  /** `YYYY-MM-DD`. */
  birthDate: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createElearningTasks: z.boolean(),
  createRiskAssessmentTasks: z.boolean(),
  orgUnits: z.array(z.object({ uuid: uuidSchema, orgUnitName: z.string() })),
  locations: z.array(z.object({ uuid: uuidSchema, name: z.string(), responsible: z.boolean() })),
});
export type Member = z.infer<typeof memberSchema>;

/** A name: 1 to 255 characters, any script (umlauts, apostrophes, emoji). */
const nameSchema = z.string().trim().min(1).max(255);

/** A username (spec section 5): lowercase letters, digits, dots and hyphens, or an e-mail address. */
export const memberUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => username(value) === null && value.length >= 3, 'username');

const isoDateSchema = z.iso.date();
/** At most 1,000 uuids per call (org units, locations, bulk actions). */
export const MAX_UUIDS_PER_CALL = 1000;
const uuidListSchema = z.array(uuidSchema).max(MAX_UUIDS_PER_CALL);

/** The fields an administrator sets on create and update. */
const memberFieldsSchema = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: optionalEmailSchema,
  username: memberUsernameSchema,
  role: z.enum(ASSIGNABLE_ROLES),
  language: languageCodeSchema,
  phoneNumber: optionalTextSchema(40),
  mobileNumber: optionalTextSchema(40),
  specialAttributes: z.array(z.enum(SPECIAL_ATTRIBUTES)).max(SPECIAL_ATTRIBUTES.length),
  externalCompany: optionalTextSchema(255),
  gender: z.enum(GENDERS),
  birthDate: isoDateSchema.nullable(),
  street: optionalTextSchema(255),
  postalCode: optionalTextSchema(20),
  city: optionalTextSchema(255),
  country: countryCodeSchema.nullable(),
  createElearningTasks: z.boolean(),
  createRiskAssessmentTasks: z.boolean(),
});
export type MemberFields = z.input<typeof memberFieldsSchema>;

export const memberCreateRequestSchema = memberFieldsSchema
  .extend({
    orgUnitUuids: uuidListSchema,
    locationUuids: uuidListSchema,
    /**
     * initial: the typed password (SHA-256 hex); byEmail: a welcome mail with a set-password link; bySms: the same
     * link by SMS to the mobile number (the member is not created when the SMS cannot be sent); noPassword.
     */
    passwordMode: z.enum(PASSWORD_MODES),
    password: sha256HexSchema.nullable(),
  })
  .refine((body) => (body.passwordMode === 'initial') === (body.password !== null), 'password');
export type MemberCreateRequest = z.input<typeof memberCreateRequestSchema>;
export const memberCreateResponseSchema = z.object({
  uuid: uuidSchema,
  /** byEmail: whether the welcome mail went out (a refused mail does not undo the member). */
  welcomeMailSent: z.boolean(),
  /** bySms: the SMS went out (otherwise the create is undone and answers an `Sms.*` error). */
  welcomeSmsSent: z.boolean(),
});

export const memberUpdateRequestSchema = memberFieldsSchema.extend({
  uuid: uuidSchema,
  status: memberStatusSchema,
});
export type MemberUpdateRequest = z.input<typeof memberUpdateRequestSchema>;

export const memberCheckUsernameRequestSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(254),
  /** The member being edited: his own name does not count as taken. */
  memberUuid: uuidSchema.optional(),
});
export const memberCheckUsernameResponseSchema = z.object({ usernameExists: z.boolean() });

/** Archive: the members picked, or every member the member list shows for its filter. */
export const memberArchiveRequestSchema = bulkSelectionSchema(memberListFilterSchema, BULK_MAX);
export type MemberArchiveRequest = z.input<typeof memberArchiveRequestSchema>;
export const memberCountResponseSchema = z.object({ count: z.int().min(0) });

export const PASSWORD_RESET_MODES = ['all', 'neverLoggedIn', 'noPassword'] as const;
export const memberResetPasswordsRequestSchema = z.strictObject({ mode: z.enum(PASSWORD_RESET_MODES) });

export const memberHistoryRequestSchema = z.strictObject({
  uuid: uuidSchema,
  page: z.int().min(1).max(100_000).default(1),
  perPage: z.union([z.literal(10), z.literal(25), z.literal(50)]).default(25),
});
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorName: z.string(),
  /** Set when a customer adviser made the change in a support session. */
  supportAdviser: z.string().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const memberHistoryResponseSchema = tableResponseSchema(auditEntrySchema);

export const memberOrgUnitSchema = z.object({
  uuid: uuidSchema,
  orgUnitName: z.string(),
  parentName: z.string().nullable(),
  isRoot: z.boolean(),
  isDefault: z.boolean(),
  /** The member administers this unit (responsible person). */
  isAdmin: z.boolean(),
});
export type MemberOrgUnit = z.infer<typeof memberOrgUnitSchema>;
export const memberOrgUnitListResponseSchema = z.object({
  items: z.array(memberOrgUnitSchema),
  total: z.int().min(0),
});

export const memberUpdateAssignmentsRequestSchema = z.strictObject({
  uuid: uuidSchema,
  orgUnitUuids: uuidListSchema,
  locationUuids: uuidListSchema,
});

export const ARCHIVED_MEMBER_SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'archivedAt'] as const;
/** The archive list's filter; restoring and deleting take the same one ("all N matching the filter"). */
export const archivedMemberFilterSchema = z.strictObject({ search: searchTextSchema.optional() });
export type ArchivedMemberFilter = z.input<typeof archivedMemberFilterSchema>;
export const archivedMemberListRequestSchema = tableRequestSchema(
  archivedMemberFilterSchema,
  ARCHIVED_MEMBER_SORT_KEYS,
  'archivedAt',
);
export type ArchivedMemberListRequest = z.input<typeof archivedMemberListRequestSchema>;
/** Restore and delete: the archived members picked, or every one the archive list shows for its filter. */
export const archivedMemberBulkRequestSchema = bulkSelectionSchema(archivedMemberFilterSchema, BULK_MAX);
export type ArchivedMemberBulkRequest = z.input<typeof archivedMemberBulkRequestSchema>;
export const archivedMemberSchema = z.object({
  uuid: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string(),
  roleIdentifier: z.enum(ROLES),
  archivedAt: z.string(),
});
export type ArchivedMember = z.infer<typeof archivedMemberSchema>;
export const archivedMemberListResponseSchema = tableResponseSchema(archivedMemberSchema);

/** The members calls (spec section 7, "Members"). */
export const MEMBERS_ENDPOINTS = {
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
  memberCreate: defineEndpoint('memberCreate', {
    summary: 'Adds a member (licence limit; password typed, by e-mail, by SMS or none)',
    tag: 'members',
    access: 'session',
    permissions: ['member.create'],
    request: memberCreateRequestSchema,
    response: memberCreateResponseSchema,
  }),
  memberCheckUsername: defineEndpoint('memberCheckUsername', {
    summary: 'Whether a username is taken in the client (the edited member’s own name is not)',
    tag: 'members',
    access: 'session',
    permissions: ['member.create', 'member.update'],
    request: memberCheckUsernameRequestSchema,
    response: memberCheckUsernameResponseSchema,
  }),
  memberUpdate: defineEndpoint('memberUpdate', {
    summary: "Changes a member's details, role and status",
    tag: 'members',
    access: 'session',
    permissions: ['member.update'],
    request: memberUpdateRequestSchema,
    response: memberSchema,
  }),
  memberArchive: defineEndpoint('memberArchive', {
    summary:
      'Archives members (all or none): up to 1,000 by uuid, or all the member list shows for its filter (at most 1,000)',
    tag: 'members',
    access: 'session',
    permissions: ['member.archive'],
    request: memberArchiveRequestSchema,
    response: memberCountResponseSchema,
  }),
  memberResetPasswords: defineEndpoint('memberResetPasswords', {
    summary: 'Sends reset or welcome mails to all, never signed-in or password-less members (once per 10 minutes)',
    tag: 'members',
    access: 'session',
    permissions: ['member.reset-passwords'],
    request: memberResetPasswordsRequestSchema,
    response: memberCountResponseSchema,
  }),
  memberHistory: defineEndpoint('memberHistory', {
    summary: "The audit trail of one member's changes, newest first",
    tag: 'members',
    access: 'session',
    permissions: ['member.read-history'],
    request: memberHistoryRequestSchema,
    response: memberHistoryResponseSchema,
  }),
  memberOrgUnitList: defineEndpoint('memberOrgUnitList', {
    summary: 'The org units a member belongs to or administers',
    tag: 'members',
    access: 'session',
    permissions: ['member-details.read-org-unit-list'],
    request: detailRequestSchema,
    response: memberOrgUnitListResponseSchema,
  }),
  memberUpdateAssignments: defineEndpoint('memberUpdateAssignments', {
    summary: "Sets a member's org units and locations",
    tag: 'members',
    access: 'session',
    permissions: ['member.update'],
    request: memberUpdateAssignmentsRequestSchema,
    response: okResponseSchema,
  }),
  archivedMemberList: defineEndpoint('archivedMemberList', {
    summary: "The client's archived members, sorted, filtered and paged",
    tag: 'members',
    access: 'session',
    permissions: ['archive-member.list'],
    request: archivedMemberListRequestSchema,
    response: archivedMemberListResponseSchema,
  }),
  archivedMemberUnarchive: defineEndpoint('archivedMemberUnarchive', {
    summary:
      'Restores archived members with their assignments (licence limit), by uuid or by the archive list’s filter',
    tag: 'members',
    access: 'session',
    permissions: ['archive-member.unarchive'],
    request: archivedMemberBulkRequestSchema,
    response: memberCountResponseSchema,
  }),
  archivedMemberDelete: defineEndpoint('archivedMemberDelete', {
    summary:
      'Deletes archived members for good (personal data removed, completed work kept anonymously), by uuid or filter',
    tag: 'members',
    access: 'session',
    permissions: ['archive-member.delete'],
    request: archivedMemberBulkRequestSchema,
    response: memberCountResponseSchema,
  }),
};
