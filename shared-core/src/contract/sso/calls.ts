import type { ErrorCode } from '../../errors/codes';
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

/**
 * Why a sign-in through the provider came back without a session: the server sends only these back to the sign-in
 * page (`?sso=<code>`), and the page shows only these (never a text taken from the address).
 */
export const SSO_SIGN_IN_FAILURES = [
  'Sso.NotConfigured',
  'Sso.DiscoveryFailed',
  'Sso.ProviderUnavailable',
  'Sso.ProviderError',
  'Sso.StateInvalid',
  'Sso.TokenInvalid',
  'Sso.UnknownMember',
  'Secrets.KeyMissing',
  'Login.Deactivated',
  'Login.ClientDeactivated',
  'Client.MaxMembersReached',
] as const satisfies readonly ErrorCode[];
export type SsoSignInFailure = (typeof SSO_SIGN_IN_FAILURES)[number];

export function isSsoSignInFailure(code: string | null | undefined): code is SsoSignInFailure {
  return (SSO_SIGN_IN_FAILURES as readonly string[]).includes(code ?? '');
}
