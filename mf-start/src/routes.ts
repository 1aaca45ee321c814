import { START_PAGE } from '@dash/shared-core';

/** Paths of the start area (spec section 2, "Start" and "Other apps"). */
export const START_ROUTES = {
  overview: START_PAGE,
  overviewTab: `${START_PAGE}/:tabId`,
  infopoint: '/dashboard/start/infopoint',
  infopointLocation: '/dashboard/start/infopoint/:locationUuid',
  templates: '/dashboard/apps/templates',
  calendar: '/dashboard/apps/calendar',
} as const;
