import { expect } from 'vitest';
import { refreshClientUsage } from '../../src/modules/licensee/usage';
import { type MatrixEntry, tableDefaults } from './types';

/** The licensee admin's: an adviser does not read the usage across clients. */
const ADVISER = ['dashboard/berater'] as const;

/**
 * Usage across clients: the figures of the licensee's own clients only, never another licensee's (initech is the
 * partner's); both calls only read. The setup computes the figures once (the background job's work).
 */
export const LICENSEE_USAGE_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/licensee/usage/list': {
    access: 'licensee',
    endpoint: 'licenseeUsageList',
    sample: () => ({ ...tableDefaults, sortBy: 'overdueTasks', sortDirection: 'desc', perPage: 100 }),
    validated: true,
    setup: async (db) => {
      await refreshClientUsage(db);
    },
    malformed: () => [
      { ...tableDefaults, sortBy: 'licensee_uuid' },
      { ...tableDefaults, sortBy: 'u.members; DROP TABLE client' },
      { ...tableDefaults, filter: { licenseeUuid: '00000000-0000-4000-8000-000000000000' } },
      { ...tableDefaults, filter: { search: 'x'.repeat(101) } },
      { ...tableDefaults, perPage: 10_000 },
    ],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      const { items, refreshedAt } = response.json() as {
        items: Array<{ clientIdentifier: string }>;
        refreshedAt: string | null;
      };
      const identifiers = items.map((item) => item.clientIdentifier);
      expect(identifiers).toEqual(expect.arrayContaining(['acme', 'globex']));
      expect(identifiers).not.toContain('initech');
      expect(refreshedAt).not.toBeNull();
    },
  },
  'POST /api/licensee/usage/export': {
    access: 'licensee',
    endpoint: 'licenseeUsageExport',
    sample: () => ({ filter: { search: 'a' }, sortBy: 'completionRate', sortDirection: 'desc', language: 'en_GB' }),
    validated: true,
    malformed: () => [
      { sortBy: 'members_count' },
      { sortDirection: 'up' },
      { language: 'fr_FR' },
      { filter: [] },
      { filter: { search: 'acme' }, page: 2 },
    ],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      expect(response.headers['content-type']).toContain('spreadsheetml');
    },
  },
};
