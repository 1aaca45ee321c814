/**
 * Method and path of every API call: the part of the contract the browser needs at run time.
 * `reads` marks POST calls that only read (tables and details take their filters as a body): they show the
 * "load" loader, not the "save" one.
 * The full contract with request/response schemas is in `../contract` (server, docs and types).
 */
export const API_ROUTES = {
  csrf: { method: 'GET', path: '/api/csrf' },
  login: { method: 'POST', path: '/api/login' },
  logout: { method: 'GET', path: '/api/logout' },
  heartbeat: { method: 'GET', path: '/api/heartbeat' },
  memberState: { method: 'GET', path: '/api/member/state' },
  licenseeConfig: { method: 'GET', path: '/api/bootstrap/load-licensee-config' },
  remotes: { method: 'GET', path: '/api/bootstrap/remotes' },
  createPasswordResetToken: { method: 'POST', path: '/api/createpasswordresettoken' },
  resetPassword: { method: 'POST', path: '/api/resetpassword' },
  supportLogin: { method: 'POST', path: '/api/support-login' },
  supportAuditList: { method: 'POST', path: '/api/support-audit/list', reads: true },
  profileUpdate: { method: 'POST', path: '/api/profile/update' },
  profileChangePassword: { method: 'POST', path: '/api/profile/changepassword' },
  profileChangeUsername: { method: 'POST', path: '/api/profile/changeusername' },
  profileCheckUsername: { method: 'POST', path: '/api/profile/checkusername', reads: true },
  profileReadOrgUnitList: { method: 'POST', path: '/api/profile/read-org-unit-list', reads: true },
  profileReadSetting: { method: 'GET', path: '/api/profile/readprofilesetting' },
  profileUpdateSetting: { method: 'POST', path: '/api/profile/updateprofilesetting' },
  memberList: { method: 'POST', path: '/api/memberlist/getlist', reads: true },
  memberDetails: { method: 'POST', path: '/api/memberlist/memberdetails', reads: true },
  elearningCatalog: { method: 'POST', path: '/api/elearning/read-catalog', reads: true },
  elearningMemberTasks: { method: 'POST', path: '/api/elearning/read-member-tasks', reads: true },
  riskAssessmentCatalog: { method: 'POST', path: '/api/risk-assessment/read-catalog-list', reads: true },
  riskAssessmentMemberTasks: { method: 'POST', path: '/api/risk-assessment/read-member-tasks', reads: true },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string; reads?: true }>;

export type EndpointId = keyof typeof API_ROUTES;

export function isReadingCall(id: EndpointId): boolean {
  const route: { method: 'GET' | 'POST'; reads?: true } = API_ROUTES[id];
  return route.method === 'GET' || route.reads === true;
}
