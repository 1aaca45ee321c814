import type { RouteTable } from '../routeTable';

/** Method and path of the reminder setting (the profile's settings tab). */
export const REMINDERS_ROUTES = {
  reminderReadSetting: { method: 'GET', path: '/api/reminders/read-setting' },
  reminderUpdateSetting: { method: 'POST', path: '/api/reminders/update-setting' },
} as const satisfies RouteTable;
