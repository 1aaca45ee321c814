import type { RouteTable } from '../routeTable';

/** Method and path of the locations calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const LOCATIONS_ROUTES = {
  locationList: { method: 'POST', path: '/api/location/location-list', reads: true },
  locationDetail: { method: 'POST', path: '/api/location/location-detail', reads: true },
  createLocation: { method: 'POST', path: '/api/location/create-location' },
  updateLocationDetail: { method: 'POST', path: '/api/location/update-location-detail' },
  deleteLocations: { method: 'POST', path: '/api/location/delete-locations' },
  locationMemberList: { method: 'POST', path: '/api/location/read-member-list', reads: true },
  assignLocationMembers: { method: 'POST', path: '/api/location/assign-members' },
  removeLocationMembers: { method: 'POST', path: '/api/location/remove-members' },
} as const satisfies RouteTable;
