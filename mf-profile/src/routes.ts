/** Paths of the profile area (spec section 2, "Profile"). */
export const PROFILE_ROUTES = {
  tab: '/dashboard/profile/:tabId',
  details: '/dashboard/profile/details',
  orgUnits: '/dashboard/profile/org-units',
  security: '/dashboard/profile/security',
  settings: '/dashboard/profile/settings',
} as const;
