import type { RouteTable } from '../routeTable';

/** Method and path of the infopoint calls (spec section 7 "Infopoint"). */
export const INFOPOINT_ROUTES = {
  infopointLocationList: { method: 'GET', path: '/api/infopoint/read-location-list' },
  infopointMemberGroups: { method: 'POST', path: '/api/infopoint/read-member-groups', reads: true },
} as const satisfies RouteTable;
