import type { RouteTable } from '../routeTable';

/**
 * The console's support calls: an adviser opens a client's dashboard in support mode, and the licensee's list of its
 * advisers' support sessions. `supportSchemas.ts` beside it adds their schemas.
 */
export const LICENSEE_SUPPORT_ROUTES = {
  licenseeSupportOpen: { method: 'POST', path: '/api/licensee/support/open' },
  licenseeSupportSessionList: { method: 'POST', path: '/api/licensee/support/sessions', reads: true },
  licenseeSupportEnd: { method: 'POST', path: '/api/licensee/support/end' },
} as const satisfies RouteTable;

/** A support session opened from the console ends after this, whatever the adviser does. */
export const CONSOLE_SUPPORT_SESSION_MINUTES = 60;
/** The reason an adviser gives: required, as long as the command line's. */
export const SUPPORT_REASON_MAX_LENGTH = 500;
export const SUPPORT_SESSION_SORT_KEYS = ['startedAt', 'clientName', 'adviser'] as const;
