import { z } from 'zod';
import { ROLES } from '../../permissions';
import { BULK_MAX } from '../../tables';
import {
  bulkSelectionSchema,
  detailRequestSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';

/** Spec section 3 "Member group": the six types (the check constraint of migration 001 lists the same). */
export const MEMBER_GROUP_TYPES = [
  'medical-officer',
  'first-aid',
  'fire-marshall',
  'fire-assistent',
  'health-safety-officer',
  'work-council',
] as const;
export const memberGroupTypeSchema = z.enum(MEMBER_GROUP_TYPES);
export type MemberGroupType = z.infer<typeof memberGroupTypeSchema>;

/** A group's name: trimmed, 1 to 255 characters. */
export const memberGroupNameSchema = z.string().trim().min(1).max(255);
/** Members named in one call (assign, remove): at most 1,000, no repeats needed. */
export const memberUuidsSchema = z.array(uuidSchema).min(1).max(1000);

export const MEMBER_GROUP_LIST_SORT_KEYS = ['name', 'type', 'memberCount'] as const;
/** The group list's filter; deleting takes the same one ("all N matching the filter"). */
export const memberGroupListFilterSchema = z.strictObject({
  search: searchTextSchema.optional(),
  type: memberGroupTypeSchema.optional(),
});
export type MemberGroupListFilter = z.input<typeof memberGroupListFilterSchema>;
export const memberGroupListRequestSchema = tableRequestSchema(
  memberGroupListFilterSchema,
  MEMBER_GROUP_LIST_SORT_KEYS,
  'name',
);
export type MemberGroupListRequest = z.input<typeof memberGroupListRequestSchema>;

export const memberGroupSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  type: memberGroupTypeSchema,
  /** Members that are not archived. */
  memberCount: z.int().min(0),
});
export type MemberGroup = z.infer<typeof memberGroupSchema>;
export const memberGroupListResponseSchema = tableResponseSchema(memberGroupSchema);

export const memberGroupCreateRequestSchema = z.strictObject({
  name: memberGroupNameSchema,
  type: memberGroupTypeSchema,
});
export type MemberGroupCreateRequest = z.input<typeof memberGroupCreateRequestSchema>;
export const createdResponseSchema = z.object({ uuid: uuidSchema });

/** The groups picked, or every group the list shows for its filter. */
export const memberGroupDeleteRequestSchema = bulkSelectionSchema(memberGroupListFilterSchema, BULK_MAX);
export type MemberGroupDeleteRequest = z.input<typeof memberGroupDeleteRequestSchema>;
export const memberGroupUpdateRequestSchema = z.strictObject({
  uuid: uuidSchema,
  name: memberGroupNameSchema,
  type: memberGroupTypeSchema,
});
export type MemberGroupUpdateRequest = z.input<typeof memberGroupUpdateRequestSchema>;

/**
 * The members of one group, org unit or location: a table like the member list (archived members never show).
 * Its own row shape, so that the member list may grow without changing these tables.
 */
export const ASSIGNED_MEMBER_SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'role', 'status'] as const;
export const assignedMemberListRequestSchema = tableRequestSchema(
  z.strictObject({ search: searchTextSchema.optional() }),
  ASSIGNED_MEMBER_SORT_KEYS,
  'lastName',
).extend({ uuid: uuidSchema });
export type AssignedMemberListRequest = z.input<typeof assignedMemberListRequestSchema>;
export const assignedMemberSchema = z.object({
  uuid: uuidSchema,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'inactive']),
});
export type AssignedMember = z.infer<typeof assignedMemberSchema>;
export const assignedMemberListResponseSchema = tableResponseSchema(assignedMemberSchema);

export const memberGroupChangeMembersRequestSchema = z.strictObject({
  uuid: uuidSchema,
  memberUuids: memberUuidsSchema,
});
export type MemberGroupChangeMembersRequest = z.input<typeof memberGroupChangeMembersRequestSchema>;
/** How many rows the call changed (members already in a group are not counted again). */
export const changedCountResponseSchema = z.object({ changed: z.int().min(0) });

/** The member group calls (spec section 7, "Member groups"). Groups belong to the client as a whole. */
export const MEMBER_GROUPS_ENDPOINTS = {
  memberGroupList: defineEndpoint('memberGroupList', {
    summary: "The client's member groups with their member counts, sorted, filtered and paged",
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.read-list'],
    request: memberGroupListRequestSchema,
    response: memberGroupListResponseSchema,
  }),
  memberGroupCreate: defineEndpoint('memberGroupCreate', {
    summary: 'Create a member group (MemberGroup.IdExists for a name the client already uses)',
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.create'],
    request: memberGroupCreateRequestSchema,
    response: createdResponseSchema,
  }),
  memberGroupDelete: defineEndpoint('memberGroupDelete', {
    summary:
      'Delete member groups by uuid (all or none: one unknown uuid refuses the call) or all the list shows for its filter',
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.delete'],
    request: memberGroupDeleteRequestSchema,
    response: changedCountResponseSchema,
  }),
  memberGroupDetails: defineEndpoint('memberGroupDetails', {
    summary: "One member group's details",
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.read-details'],
    request: detailRequestSchema,
    response: memberGroupSchema,
  }),
  memberGroupUpdate: defineEndpoint('memberGroupUpdate', {
    summary: 'Rename a member group or change its type',
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.update'],
    request: memberGroupUpdateRequestSchema,
    response: memberGroupSchema,
  }),
  memberGroupMemberList: defineEndpoint('memberGroupMemberList', {
    summary: "A group's members (not archived), sorted, filtered and paged",
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.read-member-list'],
    request: assignedMemberListRequestSchema,
    response: assignedMemberListResponseSchema,
  }),
  memberGroupAssignMembers: defineEndpoint('memberGroupAssignMembers', {
    summary: 'Add members to a group (members already in it stay; Member.NotFound for an unknown or archived one)',
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.change-members'],
    request: memberGroupChangeMembersRequestSchema,
    response: changedCountResponseSchema,
  }),
  memberGroupRemoveMembers: defineEndpoint('memberGroupRemoveMembers', {
    summary: 'Remove members from a group',
    tag: 'member-groups',
    access: 'session',
    permissions: ['member-group.change-members'],
    request: memberGroupChangeMembersRequestSchema,
    response: changedCountResponseSchema,
  }),
};
