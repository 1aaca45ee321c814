import type { MatrixEntry } from './types';
import { tableDefaults } from './types';

/** The start overview's calls. */
export const START_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/start/read-task-counts': {
    access: 'session',
    endpoint: 'startTaskCounts',
    as: 'acme/member',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/start/read-risk-action-tasks': {
    access: 'session',
    endpoint: 'startRiskActionTasks',
    sample: () => ({ ...tableDefaults, filter: { status: 'riskActionDefine' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, filter: { status: 'open' } },
      { ...tableDefaults, filter: { status: 'riskActionDefine' }, sortBy: 'status' },
      { ...tableDefaults, perPage: 1000 },
    ],
    forbiddenFor: ['acme/member', 'acme/loc.admin'],
    featureFlagOffFor: 'globex/admin',
  },
};
