import type { RouteTable } from '../routeTable';

/** Method and path of the memberGroups calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const MEMBER_GROUPS_ROUTES = {
  memberGroupList: { method: 'POST', path: '/api/member-group/read-list', reads: true },
  memberGroupCreate: { method: 'POST', path: '/api/member-group/create-member-group' },
  memberGroupDelete: { method: 'POST', path: '/api/member-group/delete-member-group' },
  memberGroupDetails: { method: 'POST', path: '/api/member-group/read-details', reads: true },
  memberGroupUpdate: { method: 'POST', path: '/api/member-group/update-details' },
  memberGroupMemberList: { method: 'POST', path: '/api/member-group/read-member-list', reads: true },
  memberGroupAssignMembers: { method: 'POST', path: '/api/member-group/assign-members' },
  memberGroupRemoveMembers: { method: 'POST', path: '/api/member-group/remove-members' },
} as const satisfies RouteTable;
