import type { RouteTable } from '../routeTable';

/** Method and path of the company calls (spec section 7); `schemas.ts` beside it adds their schemas. */
export const COMPANY_ROUTES = {
  clientDetails: { method: 'GET', path: '/api/clientdetails/readdetails' },
  updateClientDetails: { method: 'POST', path: '/api/clientdetails/updatedetails' },
  clientConfiguration: { method: 'POST', path: '/api/clientdetails/read-configuration', reads: true },
  updateClientConfiguration: { method: 'POST', path: '/api/clientdetails/update-configuration' },
} as const satisfies RouteTable;
