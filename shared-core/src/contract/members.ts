import { z } from 'zod';
import { ROLES } from '../permissions';
import { languageCodeSchema, searchTextSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from './common';

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

export const memberListRequestSchema = tableRequestSchema(
  z.strictObject({
    search: searchTextSchema.optional(),
    /** Default: active and inactive members (archived ones live in the archive list). */
    status: z.enum(['all', 'active', 'inactive']).default('all'),
    role: z.enum(ROLES).optional(),
  }),
  MEMBER_LIST_SORT_KEYS,
  'lastName',
);
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

export const memberSchema = memberListItemSchema.extend({
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  language: languageCodeSchema,
  specialAttributes: z.array(z.string()),
  externalCompany: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createElearningTasks: z.boolean(),
  createRiskAssessmentTasks: z.boolean(),
  orgUnits: z.array(z.object({ uuid: uuidSchema, orgUnitName: z.string() })),
  locations: z.array(z.object({ uuid: uuidSchema, name: z.string() })),
});
export type Member = z.infer<typeof memberSchema>;
