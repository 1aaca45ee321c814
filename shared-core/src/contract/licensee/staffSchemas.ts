import { z } from 'zod';
import { LICENSEE_ROLES } from '../../permissions';
import { resetPasswordRequestSchema, resetPasswordResponseSchema } from '../auth';
import {
  languageCodeSchema,
  okResponseSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import { firstSuperAdminSchema } from './schemas';
import { LICENSEE_STAFF_SORT_KEYS, LICENSEE_STAFF_STATUS_FILTERS } from './staffCalls';

export const licenseeStaffSchema = z.object({
  uuid: uuidSchema,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: z.enum(LICENSEE_ROLES),
  language: languageCodeSchema,
  active: z.boolean(),
  /** false until the staff member has set a password with the welcome mail's link. */
  hasPassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LicenseeStaff = z.infer<typeof licenseeStaffSchema>;

export const licenseeStaffListRequestSchema = tableRequestSchema(
  z.strictObject({
    /** Part of the name, username or e-mail address. */
    search: searchTextSchema.optional(),
    status: z.enum(LICENSEE_STAFF_STATUS_FILTERS).default('all'),
  }),
  LICENSEE_STAFF_SORT_KEYS,
  'name',
);
export type LicenseeStaffListRequest = z.input<typeof licenseeStaffListRequestSchema>;

/** A new staff member: gets the welcome mail with a link to set the password (as a new member does). */
export const licenseeStaffCreateRequestSchema = firstSuperAdminSchema.extend({ role: z.enum(LICENSEE_ROLES) });
export type LicenseeStaffCreateRequest = z.input<typeof licenseeStaffCreateRequestSchema>;
export const licenseeStaffCreateResponseSchema = z.object({ uuid: uuidSchema, welcomeMailSent: z.boolean() });

export const licenseeStaffSetRoleRequestSchema = z.strictObject({ uuid: uuidSchema, role: z.enum(LICENSEE_ROLES) });
export type LicenseeStaffSetRoleRequest = z.input<typeof licenseeStaffSetRoleRequestSchema>;
/** Deactivate (active false: the staff member's sessions end, sign-in refused) or reactivate. */
export const licenseeStaffSetStatusRequestSchema = z.strictObject({ uuid: uuidSchema, active: z.boolean() });
export type LicenseeStaffSetStatusRequest = z.input<typeof licenseeStaffSetStatusRequestSchema>;

/** Forgotten password of licensee staff: always answered `{ok:true}`, whether or not the account exists. */
export const licenseeCreatePasswordResetTokenRequestSchema = z.strictObject({
  licenseeIdentifier: z.string().trim().toLowerCase().min(1).max(64),
  username: z.string().trim().toLowerCase().min(1).max(254),
});

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

export const LICENSEE_STAFF_ENDPOINTS = {
  licenseeStaffList: defineEndpoint('licenseeStaffList', {
    ...CONSOLE,
    summary: "The licensee's staff (licensee admins and support advisers): search, status filter, sorted and paged",
    permissions: ['licensee.staff-list'],
    request: licenseeStaffListRequestSchema,
    response: tableResponseSchema(licenseeStaffSchema),
  }),
  licenseeStaffCreate: defineEndpoint('licenseeStaffCreate', {
    ...CONSOLE,
    summary: 'Create a staff member of the licensee, who gets the welcome mail with a link to set the password',
    permissions: ['licensee.staff-change'],
    request: licenseeStaffCreateRequestSchema,
    response: licenseeStaffCreateResponseSchema,
  }),
  licenseeStaffSetRole: defineEndpoint('licenseeStaffSetRole', {
    ...CONSOLE,
    summary: "Change a staff member's role; refused when no active licensee admin would be left (Staff.LastAdmin)",
    permissions: ['licensee.staff-change'],
    request: licenseeStaffSetRoleRequestSchema,
    response: licenseeStaffSchema,
  }),
  licenseeStaffSetStatus: defineEndpoint('licenseeStaffSetStatus', {
    ...CONSOLE,
    summary:
      'Deactivate or reactivate a staff member; never the last active licensee admin (Staff.LastAdmin) nor oneself',
    permissions: ['licensee.staff-change'],
    request: licenseeStaffSetStatusRequestSchema,
    response: licenseeStaffSchema,
  }),
  licenseeCreatePasswordResetToken: defineEndpoint('licenseeCreatePasswordResetToken', {
    summary: "Licensee staff's forgotten password: mails a reset link (answered the same whether or not it exists)",
    tag: 'licensee',
    access: 'public',
    permissions: [],
    request: licenseeCreatePasswordResetTokenRequestSchema,
    response: okResponseSchema,
  }),
  licenseeResetPassword: defineEndpoint('licenseeResetPassword', {
    summary: "Set a licensee staff member's password with a reset or welcome link's token; signs in to the console",
    tag: 'licensee',
    access: 'public',
    permissions: [],
    request: resetPasswordRequestSchema,
    response: resetPasswordResponseSchema,
  }),
};
