import type { RouteTable } from '../routeTable';

/** Method and path of the orgUnits calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const ORG_UNITS_ROUTES = {
  orgUnitList: { method: 'POST', path: '/api/org-unit/org-unit-list', reads: true },
  orgUnitDetail: { method: 'POST', path: '/api/org-unit/org-unit-detail', reads: true },
  orgUnitCreate: { method: 'POST', path: '/api/org-unit/create-org-unit' },
  orgUnitUpdate: { method: 'POST', path: '/api/org-unit/update-org-unit' },
  orgUnitDelete: { method: 'POST', path: '/api/org-unit/delete-org-unit' },
  orgUnitMemberList: { method: 'POST', path: '/api/org-unit/member-list', reads: true },
  orgUnitAddMembers: { method: 'POST', path: '/api/org-unit/add-members-to-org-unit' },
  orgUnitCopyMemberAssignments: { method: 'POST', path: '/api/org-unit/copy-member-assignments' },
  orgUnitRemoveMembers: { method: 'POST', path: '/api/org-unit/remove-members' },
} as const satisfies RouteTable;
