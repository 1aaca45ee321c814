import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';

/** Every choice of every licensee and client: a change of one licensee's never reaches another's. */
const everyChoice = (db: Database) =>
  db.query(
    'SELECT area, licensee_uuid, client_uuid, release_id FROM area_release ORDER BY area, licensee_uuid, client_uuid',
  );

/**
 * Which release of each area a licensee and its clients get (licensee console, docs/releases.md): licensee admins
 * only; another licensee's client answers as one that does not exist.
 */
export const LICENSEE_RELEASES_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/licensee/releases': {
    access: 'licensee',
    endpoint: 'licenseeReleases',
    sample: (ids) => ({ clientUuid: ids.globexClient }),
    validated: true,
    malformed: () => [{}, { clientUuid: 'acme' }, { clientUuid: null, area: 'mf-start' }],
    forbiddenFor: ['dashboard/berater'],
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      request: (uuid) => ({ input: { clientUuid: uuid } }),
      status: 404,
      code: 'Client.NotFound',
    },
  },
  'POST /api/licensee/releases/choose': {
    access: 'licensee',
    endpoint: 'licenseeReleaseChoose',
    // No choice of globex's own: the licensee's applies (what the other entries' pages get stays as it is).
    sample: (ids) => ({ area: 'mf-start', clientUuid: ids.globexClient, release: null }),
    validated: true,
    malformed: (ids) => [
      { area: 'mf-start', clientUuid: ids.globexClient },
      { area: 'mf-nowhere', clientUuid: null, release: null },
      { area: 'mf-start', clientUuid: null, release: 42 },
      { area: 'mf-start', clientUuid: null, release: 'x'.repeat(81) },
      { area: 'mf-start', clientUuid: null, release: '' },
    ],
    forbiddenFor: ['dashboard/berater'],
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      request: (uuid) => ({ input: { area: 'mf-start', clientUuid: uuid, release: 'bundled' } }),
      status: 404,
      code: 'Client.NotFound',
    },
    writes: {
      snapshot: everyChoice,
      changing: (ids) => ({ area: 'mf-start', clientUuid: ids.globexClient, release: 'bundled' }),
      rejected: [
        {
          body: (ids) => ({ area: 'mf-start', clientUuid: ids.globexClient, release: '9.9.9-0123456789' }),
          status: 404,
          code: 'Release.NotFound',
        },
        {
          body: () => ({ area: 'mf-start', clientUuid: null, release: '../../etc' }),
          status: 404,
          code: 'Release.NotFound',
        },
      ],
    },
  },
};
