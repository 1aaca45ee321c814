import type { MatrixEntry } from './types';

/** The infopoint: every signed-in member reads it; another client's location answers like an unknown one. */
export const INFOPOINT_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/infopoint/read-location-list': {
    access: 'session',
    endpoint: 'infopointLocationList',
    as: 'acme/member',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
  },
  'POST /api/infopoint/read-member-groups': {
    access: 'session',
    endpoint: 'infopointMemberGroups',
    as: 'acme/member',
    sample: (ids) => ({ locationUuid: ids.acmeLocation }),
    validated: true,
    malformed: () => [{ locationUuid: 'not-a-uuid' }, {}, { locationUuid: null }],
    forbiddenFor: null,
    otherClientUuid: {
      foreign: (ids) => ids.globexLocation,
      request: (uuid) => ({ input: { locationUuid: uuid } }),
      status: 404,
      code: 'Location.NotFound',
    },
  },
};
