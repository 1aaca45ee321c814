/** Paths of the licensee console (licensee staff only). */
export const LICENSEE_CONSOLE_ROUTES = {
  clients: '/dashboard/licensee/clients',
  newClient: '/dashboard/licensee/clients/new',
  clientDetails: '/dashboard/licensee/clients/details/:uuid',
  branding: '/dashboard/licensee/branding',
  supportSessions: '/dashboard/licensee/support-sessions',
  audit: '/dashboard/licensee/audit',
  usage: '/dashboard/licensee/usage',
  staff: '/dashboard/licensee/staff',
  releases: '/dashboard/licensee/releases',
} as const;

export function clientDetailsPath(uuid: string): string {
  return LICENSEE_CONSOLE_ROUTES.clientDetails.replace(':uuid', encodeURIComponent(uuid));
}
