import type { RouteTable } from '../routeTable';

/** Method and path of the members calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const MEMBERS_ROUTES = {
  memberList: { method: 'POST', path: '/api/memberlist/getlist', reads: true },
  memberDetails: { method: 'POST', path: '/api/memberlist/memberdetails', reads: true },
  memberCreate: { method: 'POST', path: '/api/member/createmember' },
  memberCheckUsername: { method: 'POST', path: '/api/member/checkusername', reads: true },
  memberUpdate: { method: 'POST', path: '/api/memberlist/updatememberdetails' },
  memberArchive: { method: 'POST', path: '/api/memberlist/archivemember' },
  memberResetPasswords: { method: 'POST', path: '/api/memberlist/reset-password' },
  memberHistory: { method: 'POST', path: '/api/memberlist/read-history', reads: true },
  memberOrgUnitList: { method: 'POST', path: '/api/member-details/read-org-unit-list', reads: true },
  memberUpdateAssignments: { method: 'POST', path: '/api/member-details/update-assignments' },
  archivedMemberList: { method: 'POST', path: '/api/archivedmember/list', reads: true },
  archivedMemberUnarchive: { method: 'POST', path: '/api/archivedmember/unarchivemember' },
  archivedMemberDelete: { method: 'POST', path: '/api/archivedmember/deletemember' },
} as const satisfies RouteTable;
