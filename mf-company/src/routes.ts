/** Paths of the company area (spec section 2, "Company"). */
const BASE = '/dashboard/company';
export const COMPANY_ROUTES = {
  memberList: `${BASE}/members/list`,
  memberDetails: `${BASE}/members/details/:uuid/:tabId`,
  memberArchive: `${BASE}/members/archive/list`,
  memberImport: `${BASE}/members/import`,
  groupList: `${BASE}/members/group/list`,
  groupDetails: `${BASE}/members/group/details/:uuid/:tabId`,
  locationList: `${BASE}/locations/list`,
  locationDetails: `${BASE}/locations/details/:uuid/:tabId`,
  orgUnitList: `${BASE}/org-units/list`,
  orgUnitDetails: `${BASE}/org-units/details/:uuid/:tabId`,
  settingsDetails: `${BASE}/settings/details`,
  settingsConfiguration: `${BASE}/settings/configuration`,
  settingsSupportAudit: `${BASE}/settings/support-audit`,
} as const;

export function memberDetailsPath(uuid: string, tabId = 'details'): string {
  return `${BASE}/members/details/${encodeURIComponent(uuid)}/${tabId}`;
}

export function groupDetailsPath(uuid: string, tabId = 'details'): string {
  return `${BASE}/members/group/details/${encodeURIComponent(uuid)}/${tabId}`;
}

export function orgUnitDetailsPath(uuid: string, tabId = 'details'): string {
  return `${BASE}/org-units/details/${encodeURIComponent(uuid)}/${tabId}`;
}

export function locationDetailsPath(uuid: string, tabId = 'details'): string {
  return `${BASE}/locations/details/${encodeURIComponent(uuid)}/${tabId}`;
}
