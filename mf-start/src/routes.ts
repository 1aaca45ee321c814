/** Paths of the start area (spec section 2, "Start" and "Other apps"). */
export const START_ROUTES = {
  overview: '/dashboard/start/overview',
  overviewTab: '/dashboard/start/overview/:tabId',
  infopoint: '/dashboard/start/infopoint',
  infopointLocation: '/dashboard/start/infopoint/:locationUuid',
  templates: '/dashboard/apps/templates',
  calendar: '/dashboard/apps/calendar',
} as const;
