/**
 * The roles and the permission check: what the browser needs of the permissions (the shell's first script carries
 * it). Which role holds which permission is permissions.ts ('@dash/shared-core/permissions'), which re-exports these.
 */
export const ROLES = ['member', 'loc-admin', 'ou-admin', 'admin', 'super-admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Licensee staff's roles (the licensee console); their permissions are LICENSEE_PERMISSIONS. */
export const LICENSEE_ROLES = ['licensee-admin', 'support-adviser'] as const;
export type LicenseeRole = (typeof LICENSEE_ROLES)[number];

/**
 * A requirement passes when no permission is required or when any one of them is held (spec section 6).
 * `required` is a list of `Permission`s (permissions.ts; not imported here, which imports this module).
 */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isLicenseeRole(value: string): value is LicenseeRole {
  return (LICENSEE_ROLES as readonly string[]).includes(value);
}
