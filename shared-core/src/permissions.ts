/**
 * The one place that says which role holds which permission (CONTRACT.md "Roles").
 * The server checks these on every call; the shell filters navigation, tabs, actions and routes with them;
 * docs/permissions.md is generated from this table by `node scripts/docs-permissions.mjs`.
 */
import type { LicenseeRole, Role } from './roles';

// The roles and the permission check live in roles.ts, the browser's part (the main entry exports only that part;
// these tables are '@dash/shared-core/permissions', for the server and the tests).
export {
  hasAnyPermission,
  isLicenseeRole,
  isRole,
  LICENSEE_ROLES,
  type LicenseeRole,
  ROLES,
  type Role,
} from './roles';

/** Always added to a signed-in member's list, so that "any signed-in member" can be written as a requirement. */
export const PLACEHOLDER_PERMISSION = 'dashboard.signed-in';

export const PERMISSIONS = [
  PLACEHOLDER_PERMISSION,
  // e-learnings
  'elearning.read-member-tasks',
  'elearning.read-catalog',
  'elearning.read-settings',
  'elearning.read-org-unit-assignments',
  'elearning.read-statistics',
  // e-learnings: changes and the export (the spec names read permissions only; these are ours)
  'elearning.save-settings',
  'elearning.assign-org-units',
  'elearning.reset-progress',
  'elearning.export-statistics',
  'elearning.upload-package',
  // risk assessments
  'risk-assessment.read-member-tasks',
  'risk-assessment.read-assignment-overview-list',
  'risk-assessment.read-catalog-list',
  'risk-assessment.read-settings',
  'risk-assessment.read-assignment-list',
  'risk-assessment.read-risk-list',
  'risk-assessment.read-risk-action-list',
  // risk assessments: changes (the spec names read permissions only; these are ours)
  'risk-assessment.update-settings',
  'risk-assessment.change-assignments',
  'risk-assessment.finish-analysis',
  'risk-assessment.change-risk-actions',
  // instruction records (Unterweisungsnachweis, docs/instructions.md): the administrators' list and details; recording
  // an instruction and taking signatures on the instructor's device; a member's own instructions to confirm
  'instruction.read-list',
  'instruction.record',
  'instruction.read-member-tasks',
  // other apps
  'templates.read-list',
  'calendar.show',
  // templates: the client's own uploads (ours; the spec names the list only)
  'templates.upload',
  'templates.delete',
  // members
  'member-list.get-list',
  'member-list.memberdetails',
  'archive-member.list',
  'member-group.read-list',
  'member-group.read-details',
  'member-group.read-member-list',
  // members: changes (the spec names read permissions only; these are ours)
  'member.create',
  'member.update',
  'member.archive',
  'member.reset-passwords',
  'member.read-history',
  'archive-member.unarchive',
  'archive-member.delete',
  'member-import.import',
  'member-group.create',
  'member-group.update',
  'member-group.delete',
  'member-group.change-members',
  // org units
  'org-unit.org-unit-list',
  'org-unit.detail',
  'org-unit.member-list',
  'org-unit.create',
  'org-unit.update',
  'org-unit.delete',
  'org-unit.change-members',
  // locations
  'location.location-list',
  'location.location-detail',
  'location.read-member-list',
  'location.create',
  'location.update',
  'location.delete',
  'location.change-members',
  // company: master data (clientdetails.*-details) and configuration (support login, calendar link, support audit)
  'clientdetails.read-details',
  'clientdetails.update-details',
  'clientdetails.read-configuration',
  'clientdetails.update-configuration',
  // profile
  'profile.read-member-profile',
  'profile.update-member-profile',
  'profile.read-org-unit-list',
  'profile.change-password',
  'profile.change-username',
  'profile.read-profile-setting',
  'member-details.read-org-unit-list',
] as const;
/** What a client's members may be given (PERMISSIONS); licensee staff hold LICENSEE_PERMISSIONS instead. */
export type MemberPermission = (typeof PERMISSIONS)[number];

/**
 * Licensee staff (the resellers' own people, table `licensee_staff`, LICENSEE_ROLES) are not members of a client:
 * they sign in at /auth/licensee and hold only these permissions, which no member role holds. A licensee session
 * cannot call a client member's API and a member session cannot call the licensee console's (`access` of each
 * contract call).
 */
export const LICENSEE_PERMISSIONS = [
  // opens the licensee console (mf-licensee)
  'licensee.read-console',
  // the licensee's clients
  'licensee.client-list',
  'licensee.client-details',
  'licensee.client-create',
  'licensee.client-update',
  'licensee.client-change-status',
  // the licensee's own branding (name, colours, footers, support chat)
  'licensee.branding-read',
  'licensee.branding-update',
  // support: open a client's dashboard in support mode, and the licensee's list of its advisers' sessions
  'licensee.support-login',
  'licensee.support-sessions',
  // the audit of the console's changes (list and export)
  'licensee.audit-list',
  // usage across the licensee's clients (list, chart and export)
  'licensee.usage-read',
  // the licensee's own staff: list; create, change role, deactivate and reactivate (a licensee keeps an active admin)
  'licensee.staff-list',
  'licensee.staff-change',
  // which release of each area the licensee and each of its clients get (docs/releases.md): read; choose
  'licensee.releases-read',
  'licensee.releases-choose',
  // end a running support session of one of the licensee's advisers (an adviser ends his own from the banner)
  'licensee.support-end',
] as const;
export type LicenseePermission = (typeof LICENSEE_PERMISSIONS)[number];

export type Permission = MemberPermission | LicenseePermission;
export const ALL_PERMISSIONS: readonly Permission[] = [...PERMISSIONS, ...LICENSEE_PERMISSIONS];

/**
 * Licensee role -> permissions. A support adviser reads the licensee's clients; the admin also changes them and reads
 * the audit and the usage across clients (the licensee's business figures, not an adviser's concern).
 */
export const LICENSEE_ROLE_PERMISSIONS: Record<LicenseeRole, readonly LicenseePermission[]> = {
  'licensee-admin': LICENSEE_PERMISSIONS,
  'support-adviser': [
    'licensee.read-console',
    'licensee.client-list',
    'licensee.client-details',
    'licensee.branding-read',
    'licensee.support-login',
    'licensee.support-sessions',
  ],
};

export function permissionsOfLicenseeRole(role: LicenseeRole): LicenseePermission[] {
  return [...LICENSEE_ROLE_PERMISSIONS[role]];
}

const MEMBER: MemberPermission[] = [
  PLACEHOLDER_PERMISSION,
  'elearning.read-member-tasks',
  'instruction.read-member-tasks',
  'risk-assessment.read-member-tasks',
  'templates.read-list',
  'calendar.show',
  'profile.read-member-profile',
  'profile.update-member-profile',
  'profile.read-org-unit-list',
  'profile.change-password',
  'profile.change-username',
  'profile.read-profile-setting',
];

/** A loc-admin works on the locations he is responsible for (the server scopes every call to them). */
const LOCATION_ADMIN: MemberPermission[] = [
  ...MEMBER,
  'location.location-list',
  'location.location-detail',
  'location.read-member-list',
  'location.change-members',
  // instructions for the locations he is responsible for (the server scopes every call to them)
  'instruction.read-list',
  'instruction.record',
];

const ORG_UNIT_ADMIN: MemberPermission[] = [
  ...MEMBER,
  'member-list.get-list',
  'member-list.memberdetails',
  'member-details.read-org-unit-list',
  'org-unit.org-unit-list',
  'org-unit.detail',
  'org-unit.member-list',
  'org-unit.create',
  'org-unit.update',
  'org-unit.delete',
  'org-unit.change-members',
  'elearning.read-org-unit-assignments',
  'elearning.read-statistics',
  'elearning.export-statistics',
  'risk-assessment.read-assignment-overview-list',
  'risk-assessment.read-risk-list',
  'risk-assessment.read-risk-action-list',
  // instructions for the org units he administers (the server scopes every call to them)
  'instruction.read-list',
  'instruction.record',
];

/**
 * Administrators manage the company settings (spec section 1): an admin reads and changes the master data. Who may
 * enter the company from outside (support login, its audit) and the calendar link stay the super-admin's alone.
 */
const SUPER_ADMIN_ONLY: readonly MemberPermission[] = [
  'clientdetails.read-configuration',
  'clientdetails.update-configuration',
];
const ADMIN: MemberPermission[] = PERMISSIONS.filter((permission) => !SUPER_ADMIN_ONLY.includes(permission));

/**
 * A customer adviser in support mode (role `user`) acts with admin rights on the client, but the session rides on the
 * row of one of its super-admins: the own-account parts (that member's tasks, profile and settings) stay closed.
 */
const OWN_ACCOUNT: readonly MemberPermission[] = [
  'elearning.read-member-tasks',
  'instruction.read-member-tasks',
  'risk-assessment.read-member-tasks',
  'profile.read-member-profile',
  'profile.update-member-profile',
  'profile.read-org-unit-list',
  'profile.change-password',
  'profile.change-username',
  'profile.read-profile-setting',
];
const SUPPORT: MemberPermission[] = ADMIN.filter((permission) => !OWN_ACCOUNT.includes(permission));

/** Role -> permissions. Admin has everything but the company configuration; super-admin has everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly MemberPermission[]> = {
  member: MEMBER,
  'loc-admin': LOCATION_ADMIN,
  'ou-admin': ORG_UNIT_ADMIN,
  admin: ADMIN,
  'super-admin': PERMISSIONS,
  // A customer adviser acts with admin rights, without the own-account parts, through the support login only.
  user: SUPPORT,
};

/** Each role's permission list, built once: the server asks for it on every call (session, member state). */
const PERMISSIONS_OF_ROLE = Object.fromEntries(
  Object.entries(ROLE_PERMISSIONS).map(([role, permissions]) => [
    role,
    Object.freeze([...new Set<MemberPermission>([...permissions, PLACEHOLDER_PERMISSION])]),
  ]),
) as Record<Role, readonly MemberPermission[]>;

export function permissionsOf(role: Role): readonly MemberPermission[] {
  return PERMISSIONS_OF_ROLE[role];
}
