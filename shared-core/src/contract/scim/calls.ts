import type { RouteTable } from '../routeTable';

/**
 * Method and path of the SCIM provisioning settings (company configuration, super-admin): the tokens a directory
 * signs its SCIM requests with, and what its groups are here. The SCIM protocol itself (RFC 7644) is served at
 * `/scim/v2/` with those tokens, outside this JSON contract (docs/scim.md).
 */
export const SCIM_ROUTES = {
  scimSettings: { method: 'POST', path: '/api/clientdetails/read-scim', reads: true },
  createScimToken: { method: 'POST', path: '/api/clientdetails/create-scim-token' },
  revokeScimToken: { method: 'POST', path: '/api/clientdetails/revoke-scim-token' },
  updateScimSettings: { method: 'POST', path: '/api/clientdetails/update-scim' },
} as const satisfies RouteTable;

/** What the directory's groups are in the dashboard. */
export const SCIM_GROUP_TARGETS = ['org-units', 'member-groups'] as const;
export type ScimGroupTarget = (typeof SCIM_GROUP_TARGETS)[number];
