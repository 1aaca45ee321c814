import { z } from 'zod';
import { ORG_UNIT_LIMITS } from '../../companyLimits';
import { ORG_UNIT_ID_RULES, validate } from '../../validation/rules';
import { detailRequestSchema, okResponseSchema, searchTextSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  assignedMemberListRequestSchema,
  assignedMemberListResponseSchema,
  changedCountResponseSchema,
  createdResponseSchema,
  memberUuidsSchema,
} from '../memberGroups/schemas';

/** A person named on an org unit or location (responsible persons, admins). */
export const personRefSchema = z.object({ uuid: uuidSchema, firstName: z.string(), lastName: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * The org unit list is a tree: the whole visible tree in one answer (a client has at most a few hundred units),
 * depth first, siblings by name. With a search, the matching units and their ancestors.
 */
export const orgUnitListRequestSchema = z.strictObject({
  filter: z.strictObject({ search: searchTextSchema.optional() }).default({}),
});
export type OrgUnitListRequest = z.input<typeof orgUnitListRequestSchema>;

export const orgUnitNodeSchema = z.object({
  uuid: uuidSchema,
  orgUnitName: z.string(),
  /** The org unit ID: lowercase letters, digits and minus, unique within the client. */
  identifier: z.string(),
  parentUuid: uuidSchema.nullable(),
  /** 0 for the root. */
  depth: z.int().min(0),
  isRoot: z.boolean(),
  /** The default unit contains every member that is not archived. */
  isDefault: z.boolean(),
  memberCount: z.int().min(0),
  admins: z.array(personRefSchema),
});
export type OrgUnitNode = z.infer<typeof orgUnitNodeSchema>;
export const orgUnitListResponseSchema = z.object({ items: z.array(orgUnitNodeSchema), total: z.int().min(0) });

export const orgUnitNameSchema = z.string().trim().min(1).max(ORG_UNIT_LIMITS.nameMaxLength);
/**
 * An org unit ID as the forms check it (ORG_UNIT_ID_RULES): lowercase letters, digits and minus, at most 36. Taken
 * by another unit of the client: OrgUnit.IdentifierExists.
 */
export const orgUnitIdentifierSchema = z
  .string()
  .trim()
  .min(1)
  .refine((value) => validate(value, ORG_UNIT_ID_RULES) === null, 'orgUnitId');
/** Responsible persons of one unit: admins and super-admins (and ou-admins, whose role is to administer units). */
export const responsibleUuidsSchema = z.array(uuidSchema).max(ORG_UNIT_LIMITS.responsibleMax);

export const orgUnitDetailSchema = orgUnitNodeSchema.omit({ depth: true }).extend({
  parentName: z.string().nullable(),
  /** Units directly below this one (a unit with children cannot be deleted: OrgUnit.HasChildren). */
  childCount: z.int().min(0),
});
export type OrgUnitDetail = z.infer<typeof orgUnitDetailSchema>;

export const orgUnitCreateRequestSchema = z.strictObject({
  orgUnitName: orgUnitNameSchema,
  /** Without one, the server generates it from the name (spec section 5: "generated identifiers"). */
  identifier: orgUnitIdentifierSchema.optional(),
  /** Every unit but the client's one root has a parent: null answers OrgUnit.RootExists. */
  parentUuid: uuidSchema.nullable(),
  adminUuids: responsibleUuidsSchema.default([]),
});
export type OrgUnitCreateRequest = z.input<typeof orgUnitCreateRequestSchema>;

/** Only the fields sent change: a new parent moves the unit (with everything below it). */
export const orgUnitUpdateRequestSchema = z.strictObject({
  uuid: uuidSchema,
  orgUnitName: orgUnitNameSchema.optional(),
  identifier: orgUnitIdentifierSchema.optional(),
  parentUuid: uuidSchema.optional(),
  adminUuids: responsibleUuidsSchema.optional(),
});
export type OrgUnitUpdateRequest = z.input<typeof orgUnitUpdateRequestSchema>;

export const orgUnitChangeMembersRequestSchema = z.strictObject({ uuid: uuidSchema, memberUuids: memberUuidsSchema });
export type OrgUnitChangeMembersRequest = z.input<typeof orgUnitChangeMembersRequestSchema>;
export const orgUnitCopyMembersRequestSchema = z.strictObject({ uuid: uuidSchema, sourceUuid: uuidSchema });
export type OrgUnitCopyMembersRequest = z.input<typeof orgUnitCopyMembersRequestSchema>;

/** The org unit calls (spec section 7, "Org units"). */
export const ORG_UNITS_ENDPOINTS = {
  orgUnitList: defineEndpoint('orgUnitList', {
    summary: "The client's org units as a tree (an ou-admin: the units he administers)",
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.org-unit-list'],
    request: orgUnitListRequestSchema,
    response: orgUnitListResponseSchema,
  }),
  orgUnitDetail: defineEndpoint('orgUnitDetail', {
    summary: "One org unit's details",
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.detail'],
    request: detailRequestSchema,
    response: orgUnitDetailSchema,
  }),
  orgUnitCreate: defineEndpoint('orgUnitCreate', {
    summary: 'Create an org unit under a parent (OrgUnit.ParentMismatch, OrgUnit.RootExists, OrgUnit.IdentifierExists)',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.create'],
    request: orgUnitCreateRequestSchema,
    response: createdResponseSchema,
  }),
  orgUnitUpdate: defineEndpoint('orgUnitUpdate', {
    summary:
      'Rename an org unit, change its ID (OrgUnit.IdentifierExists), move it under another parent (no cycles), set its responsible persons',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.update'],
    request: orgUnitUpdateRequestSchema,
    response: orgUnitDetailSchema,
  }),
  orgUnitDelete: defineEndpoint('orgUnitDelete', {
    summary: 'Delete an org unit without units below it (not the root, not the default unit)',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.delete'],
    request: detailRequestSchema,
    response: okResponseSchema,
  }),
  orgUnitMemberList: defineEndpoint('orgUnitMemberList', {
    summary: "An org unit's members (the default unit: every member not archived), sorted, filtered and paged",
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.member-list'],
    request: assignedMemberListRequestSchema,
    response: assignedMemberListResponseSchema,
  }),
  orgUnitAddMembers: defineEndpoint('orgUnitAddMembers', {
    summary: 'Add members to an org unit (the default unit holds everybody: OrgUnit.MembersNotChanged)',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.change-members'],
    request: orgUnitChangeMembersRequestSchema,
    response: changedCountResponseSchema,
  }),
  orgUnitCopyMemberAssignments: defineEndpoint('orgUnitCopyMemberAssignments', {
    summary: 'Add every member of another org unit to this one',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.change-members'],
    request: orgUnitCopyMembersRequestSchema,
    response: changedCountResponseSchema,
  }),
  orgUnitRemoveMembers: defineEndpoint('orgUnitRemoveMembers', {
    summary: 'Remove members from an org unit (not from the default unit: OrgUnit.MembersNotChanged)',
    tag: 'org-units',
    access: 'session',
    permissions: ['org-unit.change-members'],
    request: orgUnitChangeMembersRequestSchema,
    response: changedCountResponseSchema,
  }),
};
