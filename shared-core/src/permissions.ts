/**
 * The one place that says which role holds which permission (CONTRACT.md "Roles").
 * The server checks these on every call; the shell filters navigation, tabs, actions and routes with them;
 * docs/permissions.md is generated from this table by `node scripts/docs-permissions.mjs`.
 */
export const ROLES = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

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
export type Permission = (typeof PERMISSIONS)[number];

const MEMBER: Permission[] = [
  PLACEHOLDER_PERMISSION,
  'elearning.read-member-tasks',
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
const LOCATION_ADMIN: Permission[] = [
  ...MEMBER,
  'location.location-list',
  'location.location-detail',
  'location.read-member-list',
  'location.change-members',
];

const ORG_UNIT_ADMIN: Permission[] = [
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
];

/**
 * Administrators manage the company settings (spec section 1): an admin reads and changes the master data. Who may
 * enter the company from outside (support login, its audit) and the calendar link stay the super-admin's alone.
 */
const SUPER_ADMIN_ONLY: readonly Permission[] = [
  'clientdetails.read-configuration',
  'clientdetails.update-configuration',
];
const ADMIN: Permission[] = PERMISSIONS.filter((permission) => !SUPER_ADMIN_ONLY.includes(permission));

/** Role -> permissions. Admin has everything but the company configuration; super-admin has everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  member: MEMBER,
  'loc-admin': LOCATION_ADMIN,
  'ou-admin': ORG_UNIT_ADMIN,
  admin: ADMIN,
  'super-admin': PERMISSIONS,
  // A customer adviser acts with admin rights through the support login only.
  user: ADMIN,
};

export function permissionsOf(role: Role): Permission[] {
  const list = new Set<Permission>(ROLE_PERMISSIONS[role]);
  list.add(PLACEHOLDER_PERMISSION);
  return [...list];
}

/** A requirement passes when no permission is required or when any one of them is held (spec section 6). */
export function hasAnyPermission(held: readonly string[], required: readonly Permission[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
