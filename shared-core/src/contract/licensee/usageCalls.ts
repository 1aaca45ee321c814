import type { RouteTable } from '../routeTable';

/**
 * Usage across clients (licensee console): per client members, sign-ins of the last 30 days, e-learning completion,
 * overdue tasks, open risk actions and last activity, as a table and as an .xlsx file. The figures are precomputed
 * (table `client_usage`, refreshed by a background job); the answer says how fresh they are.
 */
export const LICENSEE_USAGE_ROUTES = {
  licenseeUsageList: { method: 'POST', path: '/api/licensee/usage/list', reads: true },
  licenseeUsageExport: { method: 'POST', path: '/api/licensee/usage/export', reads: true },
} as const satisfies RouteTable;

/** Sort keys of the usage list (the server keeps an index per key). */
export const LICENSEE_USAGE_SORT_KEYS = [
  'name',
  'clientIdentifier',
  'activeMembers',
  'signedIn30Days',
  'completionRate',
  'overdueTasks',
  'openRiskActions',
  'lastActivityAt',
] as const;
export type LicenseeUsageSortKey = (typeof LICENSEE_USAGE_SORT_KEYS)[number];
/** The export's rows at most. */
export const LICENSEE_USAGE_EXPORT_MAX_ROWS = 50_000;
