/**
 * Method and path of every API call: the part of the contract the browser needs at run time.
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
  profileUpdate: { method: 'POST', path: '/api/profile/update' },
  profileReadSetting: { method: 'GET', path: '/api/profile/readprofilesetting' },
  profileUpdateSetting: { method: 'POST', path: '/api/profile/updateprofilesetting' },
  memberList: { method: 'POST', path: '/api/memberlist/getlist' },
  memberDetails: { method: 'POST', path: '/api/memberlist/memberdetails' },
  elearningCatalog: { method: 'POST', path: '/api/elearning/read-catalog' },
  elearningMemberTasks: { method: 'POST', path: '/api/elearning/read-member-tasks' },
  riskAssessmentCatalog: { method: 'POST', path: '/api/risk-assessment/read-catalog-list' },
  riskAssessmentMemberTasks: { method: 'POST', path: '/api/risk-assessment/read-member-tasks' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>;

export type EndpointId = keyof typeof API_ROUTES;
