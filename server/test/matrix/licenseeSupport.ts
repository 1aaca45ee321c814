import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { type Ids, type MatrixEntry, tableDefaults } from './types';

/** The support sessions opened from the console, of every licensee: what an open adds to. */
const supportSessions = (db: Database) =>
  db.query(
    'SELECT licensee_uuid, client_uuid, adviser, reason FROM licensee_support_session ORDER BY started_at, uuid',
  );

/** The licensee admin's: an adviser opens support sessions but does not read the audit. */
const ADVISER = ['dashboard/berater'] as const;

/**
 * The console's support sessions and audit. Opening a session only signs a link (the browser follows it): the cookie
 * of the console's session stays, so the shared agents keep theirs. Another licensee's client answers as one that
 * does not exist; the lists never show another licensee's rows.
 */
export const LICENSEE_SUPPORT_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/licensee/support/open': {
    access: 'licensee',
    endpoint: 'licenseeSupportOpen',
    asLicensee: 'dashboard/berater',
    sample: (ids) => ({ uuid: ids.globexClient, reason: 'Ticket 4711: Import schlägt fehl' }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.globexClient },
      { uuid: ids.globexClient, reason: '' },
      { uuid: ids.globexClient, reason: 'x'.repeat(501) },
      { uuid: ids.globexClient, reason: 'Ticket', adviser: 'Someone Else' },
      { uuid: ids.globexClient, reason: 'Ticket', minutes: 10_000 },
    ],
    forbiddenFor: null,
    expectValid: (response) => {
      const { redirectTo } = response.json() as { redirectTo: string };
      expect(redirectTo).toMatch(/^\/auth\/support\/[\w-]+\.[\w-]+$/);
    },
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      request: (uuid) => ({ input: { uuid, reason: 'Ticket 1' } }),
      status: 404,
      code: 'Client.NotFound',
    },
    writes: {
      snapshot: supportSessions,
      changing: (ids) => ({ uuid: ids.globexClient, reason: 'Kontrolle' }),
      rejected: [
        {
          body: (ids: Ids) => ({ uuid: ids.initechClient, reason: 'Ticket 1' }),
          status: 404,
          code: 'Client.NotFound',
        },
      ],
    },
  },
  'POST /api/licensee/support/sessions': {
    access: 'licensee',
    endpoint: 'licenseeSupportSessionList',
    sample: () => ({ ...tableDefaults, sortBy: 'startedAt', sortDirection: 'desc' }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'staff_uuid' },
      { ...tableDefaults, filter: { licenseeUuid: '00000000-0000-4000-8000-000000000000' } },
      { ...tableDefaults, perPage: 10_000 },
    ],
    forbiddenFor: null,
    expectValid: (response) => {
      const { items } = response.json() as { items: Array<{ clientIdentifier: string }> };
      expect(items.map((item) => item.clientIdentifier)).not.toContain('initech');
    },
  },
  'POST /api/licensee/audit/list': {
    access: 'licensee',
    endpoint: 'licenseeAuditList',
    sample: () => ({ ...tableDefaults, sortBy: 'createdAt', filter: { action: 'client.update', from: '2020-01-01' } }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, filter: { action: 'client.delete' } },
      { ...tableDefaults, filter: { from: '01.01.2026' } },
      { ...tableDefaults, filter: { licenseeUuid: '00000000-0000-4000-8000-000000000000' } },
      { ...tableDefaults, sortBy: 'before' },
    ],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      const { items } = response.json() as { items: Array<{ clientIdentifier: string | null; action: string }> };
      expect(items.map((item) => item.clientIdentifier)).not.toContain('initech');
      expect(items.every((item) => item.action === 'client.update')).toBe(true);
    },
  },
  'POST /api/licensee/audit/export': {
    access: 'licensee',
    endpoint: 'licenseeAuditExport',
    sample: () => ({ filter: { search: 'globex' }, language: 'en_GB' }),
    validated: true,
    malformed: () => [{ filter: { action: 'everything' } }, { language: 'fr_FR' }, { filter: [] }],
    forbiddenFor: ADVISER,
    expectValid: (response) => {
      expect(response.headers['content-type']).toContain('spreadsheetml');
    },
  },
};
