import type { RouteTable } from '../routeTable';

/**
 * Method and path of the licensee console's calls (mf-licensee, licensee staff only); `schemas.ts` beside it adds
 * their schemas. Sign-in, the session's state and sign-out are core calls (`api/routes.ts`): the shell makes them.
 */
export const LICENSEE_ROUTES = {
  licenseeClientList: { method: 'POST', path: '/api/licensee/client/list', reads: true },
  licenseeClientDetails: { method: 'POST', path: '/api/licensee/client/details', reads: true },
  licenseeClientCreate: { method: 'POST', path: '/api/licensee/client/create' },
  licenseeClientUpdate: { method: 'POST', path: '/api/licensee/client/update' },
  licenseeClientSetStatus: { method: 'POST', path: '/api/licensee/client/set-status' },
  licenseeBranding: { method: 'GET', path: '/api/licensee/branding' },
  licenseeBrandingUpdate: { method: 'POST', path: '/api/licensee/branding/update' },
  licenseeLogoUpload: { method: 'POST', path: '/api/licensee/branding/logo' },
  licenseeMoodUpload: { method: 'POST', path: '/api/licensee/branding/mood' },
  licenseeImageRemove: { method: 'POST', path: '/api/licensee/branding/image/remove' },
  licenseeDomains: { method: 'GET', path: '/api/licensee/domains' },
  licenseeDomainAdd: { method: 'POST', path: '/api/licensee/domain/add' },
  licenseeDomainRemove: { method: 'POST', path: '/api/licensee/domain/remove' },
  licenseeCourseSources: { method: 'GET', path: '/api/licensee/course-sources' },
  licenseeCourseSourcesUpdate: { method: 'POST', path: '/api/licensee/course-sources/update' },
  licenseeReleases: { method: 'POST', path: '/api/licensee/releases', reads: true },
  licenseeReleaseChoose: { method: 'POST', path: '/api/licensee/releases/choose' },
} as const satisfies RouteTable;

/** Sort keys of the console's client list (the server keeps an index per key). */
export const LICENSEE_CLIENT_SORT_KEYS = ['name', 'clientIdentifier', 'createdAt'] as const;
export type LicenseeClientSortKey = (typeof LICENSEE_CLIENT_SORT_KEYS)[number];
export const LICENSEE_CLIENT_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type LicenseeClientStatusFilter = (typeof LICENSEE_CLIENT_STATUS_FILTERS)[number];
/** The largest member limit the console accepts. */
export const MAX_MEMBER_LIMIT = 1_000_000;
