import type { RouteTable } from '../routeTable';

/** The console's audit: what the licensee's staff changed, as a table and as an .xlsx file. */
export const LICENSEE_AUDIT_ROUTES = {
  licenseeAuditList: { method: 'POST', path: '/api/licensee/audit/list', reads: true },
  licenseeAuditExport: { method: 'POST', path: '/api/licensee/audit/export', reads: true },
} as const satisfies RouteTable;

/** What the console records: each change of a client, of the branding and of the staff, and support sessions opened and ended. */
export const LICENSEE_AUDIT_ACTIONS = [
  'client.create',
  'client.update',
  'client.deactivate',
  'client.reactivate',
  'support.open',
  'support.end',
  'branding.update',
  'branding.logo',
  'branding.mood',
  'branding.image-remove',
  'domain.add',
  'domain.remove',
  'course-sources.update',
  'release.choose',
  'staff.create',
  'staff.role',
  'staff.deactivate',
  'staff.reactivate',
] as const;
export type LicenseeAuditAction = (typeof LICENSEE_AUDIT_ACTIONS)[number];
export const LICENSEE_AUDIT_SORT_KEYS = ['createdAt', 'staffName', 'action'] as const;
/** The export's rows at most (the newest first): a year of a busy licensee. */
export const LICENSEE_AUDIT_EXPORT_MAX_ROWS = 50_000;
