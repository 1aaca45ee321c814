import type { RouteTable } from '../routeTable';

/** Method and path of the start page's calls; `schemas.ts` beside it adds their schemas. */
export const START_ROUTES = {
  startTaskCounts: { method: 'GET', path: '/api/start/read-task-counts' },
  startRiskActionTasks: { method: 'POST', path: '/api/start/read-risk-action-tasks', reads: true },
} as const satisfies RouteTable;
