import type { RouteTable } from '../routeTable';

/**
 * Method and path of the single sign-on settings (company configuration, super-admin); `schemas.ts` beside it adds
 * their schemas. The sign-in page's own call (`ssoOptions`) is a core call (api/routes.ts); the browser's way to the
 * provider and back (`/api/auth/sso/start`, `/api/auth/sso/callback`) are redirects, not JSON calls
 * (docs/single-sign-on.md).
 */
export const SSO_ROUTES = {
  ssoConfiguration: { method: 'POST', path: '/api/clientdetails/read-sso', reads: true },
  updateSsoConfiguration: { method: 'POST', path: '/api/clientdetails/update-sso' },
  removeSsoConfiguration: { method: 'POST', path: '/api/clientdetails/remove-sso' },
} as const satisfies RouteTable;

/** How the members of a client sign in (docs/single-sign-on.md). */
export const SSO_LOGIN_MODES = ['password', 'both', 'sso'] as const;
export type SsoLoginMode = (typeof SSO_LOGIN_MODES)[number];
