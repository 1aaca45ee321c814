/** Paths of the e-learning area (spec section 2, "E-learnings"). */
const BASE = '/dashboard/apps/elearnings';
export const ELEARNING_ROUTES = {
  myElearnings: `${BASE}/my-elearnings`,
  catalogList: `${BASE}/catalog/list`,
  catalogDetails: `${BASE}/catalog/details/:elearningUuid/:tabId`,
  execution: `${BASE}/execution/:executionUuid`,
  certificate: `${BASE}/certificate/:resultUuid`,
} as const;
