/** Paths of the e-learning area (spec section 2, "E-learnings"). */
const BASE = '/dashboard/apps/elearnings';
export const ELEARNING_ROUTES = {
  myElearnings: `${BASE}/my-elearnings`,
  myCertificates: `${BASE}/my-certificates`,
  catalogList: `${BASE}/catalog/list`,
  catalogDetails: `${BASE}/catalog/details/:elearningUuid/:tabId`,
  execution: `${BASE}/execution/:executionUuid`,
  certificate: `${BASE}/certificate/:resultUuid`,
  myInstructions: `${BASE}/my-instructions`,
  instructionList: `${BASE}/instructions/list`,
  instructionCreate: `${BASE}/instructions/create`,
  instructionDetails: `${BASE}/instructions/details/:instructionUuid`,
} as const;

export const ELEARNING_TABS = ['settings', 'org-units', 'analytics'] as const;
export type ElearningTab = (typeof ELEARNING_TABS)[number];

export function elearningDetailsPath(elearningUuid: string, tab: ElearningTab): string {
  return `${BASE}/catalog/details/${encodeURIComponent(elearningUuid)}/${tab}`;
}

export function executionPath(executionUuid: string): string {
  return `${BASE}/execution/${encodeURIComponent(executionUuid)}`;
}

export function certificatePath(resultUuid: string): string {
  return `${BASE}/certificate/${encodeURIComponent(resultUuid)}`;
}

export function instructionDetailsPath(instructionUuid: string): string {
  return `${BASE}/instructions/details/${encodeURIComponent(instructionUuid)}`;
}
