import type { RouteTable } from '../routeTable';

/**
 * The licensee's own staff (licensee admins and support advisers): the console's staff page, and the staff members'
 * forgotten password (/auth/licensee/forgot-password, the members' rules; its two calls are core calls of
 * `api/routes.ts`, as the sign-in pages need them). `staffSchemas.ts` beside it adds the schemas.
 */
export const LICENSEE_STAFF_ROUTES = {
  licenseeStaffList: { method: 'POST', path: '/api/licensee/staff/list', reads: true },
  licenseeStaffCreate: { method: 'POST', path: '/api/licensee/staff/create' },
  licenseeStaffSetRole: { method: 'POST', path: '/api/licensee/staff/set-role' },
  licenseeStaffSetStatus: { method: 'POST', path: '/api/licensee/staff/set-status' },
} as const satisfies RouteTable;

export const LICENSEE_STAFF_SORT_KEYS = ['name', 'username', 'role'] as const;
export type LicenseeStaffSortKey = (typeof LICENSEE_STAFF_SORT_KEYS)[number];
export const LICENSEE_STAFF_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
