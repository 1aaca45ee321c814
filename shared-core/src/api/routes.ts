import type { RouteTable } from '../contract/routeTable';

/**
 * The calls of the shell and the sign-in pages (session, sign-in, password reset, profile settings): in the main
 * entry. Every other area's calls are in `./calls` (entry `@dash/shared-core/calls`), which the API client loads on
 * the first call that is not here.
 */
export const CORE_ROUTES = {
  csrf: { method: 'GET', path: '/api/csrf' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'GET', path: '/api/logout' },
  heartbeat: { method: 'GET', path: '/api/heartbeat' },
  memberState: { method: 'GET', path: '/api/member/state' },
  licenseeConfig: { method: 'GET', path: '/api/bootstrap/load-licensee-config' },
  remotes: { method: 'GET', path: '/api/bootstrap/remotes' },
  platform: { method: 'GET', path: '/api/bootstrap/platform' },
  createPasswordResetToken: { method: 'POST', path: '/api/createpasswordresettoken' },
  resetPassword: { method: 'POST', path: '/api/resetpassword' },
  supportLogin: { method: 'POST', path: '/api/support-login' },
  // Which sign-in the sign-in page offers for a company ID (password, single sign-on or both; contract/sso).
  ssoOptions: { method: 'GET', path: '/api/auth/sso-options' },
  supportAuditList: { method: 'POST', path: '/api/support-audit/list', reads: true },
  profileUpdate: { method: 'POST', path: '/api/profile/update' },
  profileChangePassword: { method: 'POST', path: '/api/profile/changepassword' },
  profileChangeUsername: { method: 'POST', path: '/api/profile/changeusername' },
  profileCheckUsername: { method: 'POST', path: '/api/profile/checkusername', reads: true },
  profileReadOrgUnitList: { method: 'POST', path: '/api/profile/read-org-unit-list', reads: true },
  profileReadSetting: { method: 'GET', path: '/api/profile/readprofilesetting' },
  profileUpdateSetting: { method: 'POST', path: '/api/profile/updateprofilesetting' },
  licenseeLogin: { method: 'POST', path: '/api/licensee/login' },
  licenseeState: { method: 'GET', path: '/api/licensee/state' },
  // Licensee staff's forgotten password (/auth/licensee/...; schemas in contract/licensee/staffSchemas.ts), and the
  // support banner's end (schema in contract/licensee/supportSchemas.ts).
  licenseeCreatePasswordResetToken: { method: 'POST', path: '/api/licensee/createpasswordresettoken' },
  licenseeResetPassword: { method: 'POST', path: '/api/licensee/resetpassword' },
  supportEnd: { method: 'POST', path: '/api/support/end' },
} as const satisfies RouteTable;

export type Route = RouteTable[string];

/** A GET, or a POST that only reads (tables and details take their filters as a body): the "load" loader. */
export function isReadingRoute(route: Route): boolean {
  return route.method === 'GET' || route.reads === true;
}
