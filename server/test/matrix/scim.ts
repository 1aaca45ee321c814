import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';

const NOT_SUPER_ADMIN = ['acme/admin', 'acme/ou.admin', 'acme/loc.admin', 'acme/member'] as const;

/** Tokens made once for the entries: one the valid call revokes, one the control call revokes, one of globex. */
const SAMPLE_TOKEN = '5c1e0000-0000-4000-8000-00000000000a';
const CONTROL_TOKEN = '5c1e0000-0000-4000-8000-00000000000b';
const GLOBEX_TOKEN = '5c1e0000-0000-4000-8000-00000000000c';

async function insertTokens(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO scim_token (uuid, client_uuid, label, token_hash, created_by_name)
     SELECT x.uuid::uuid, c.uuid, 'Matrix', x.hash, 'Matrix' FROM (VALUES ($1, 'acme', 'matrix-a'), ($2, 'acme', 'matrix-b'),
            ($3, 'globex', 'matrix-c')) AS x(uuid, client, hash) JOIN client c ON c.identifier = x.client
     ON CONFLICT DO NOTHING`,
    [SAMPLE_TOKEN, CONTROL_TOKEN, GLOBEX_TOKEN],
  );
}

const acmeTokens = (db: Database) =>
  db.query(
    `SELECT t.uuid, t.label, t.revoked_at FROM scim_token t JOIN client c ON c.uuid = t.client_uuid
      WHERE c.identifier = 'acme' ORDER BY t.uuid`,
  );

/**
 * SCIM provisioning's settings (company configuration, super-admin). The protocol itself (/scim/v2, bearer tokens)
 * is outside /api and has its own authorisation, isolation and hostile-input tests (server/test/scim.test.ts).
 */
export const SCIM_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/clientdetails/read-scim': {
    access: 'session',
    endpoint: 'scimSettings',
    as: 'acme/super.admin',
    sample: () => ({}),
    validated: true,
    forbiddenFor: NOT_SUPER_ADMIN,
  },
  'POST /api/clientdetails/create-scim-token': {
    access: 'session',
    endpoint: 'createScimToken',
    as: 'acme/super.admin',
    sample: () => ({ label: 'Entra ID' }),
    validated: true,
    malformed: () => [{ label: '' }, { label: 'x'.repeat(81) }, { label: 42 }],
    forbiddenFor: NOT_SUPER_ADMIN,
    writes: { snapshot: acmeTokens, changing: () => ({ label: 'Okta' }) },
  },
  'POST /api/clientdetails/revoke-scim-token': {
    access: 'session',
    endpoint: 'revokeScimToken',
    as: 'acme/super.admin',
    setup: insertTokens,
    sample: () => ({ uuid: SAMPLE_TOKEN }),
    validated: true,
    malformed: () => [{ uuid: 'token' }, { uuid: null }],
    forbiddenFor: NOT_SUPER_ADMIN,
    otherClientUuid: {
      foreign: () => GLOBEX_TOKEN,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'ScimToken.NotFound',
    },
    writes: { snapshot: acmeTokens, changing: () => ({ uuid: CONTROL_TOKEN }) },
  },
  'POST /api/clientdetails/update-scim': {
    access: 'session',
    endpoint: 'updateScimSettings',
    as: 'acme/super.admin',
    sample: () => ({ groupTarget: 'org-units' }),
    validated: true,
    malformed: () => [{ groupTarget: 'teams' }, {}],
    forbiddenFor: NOT_SUPER_ADMIN,
    writes: {
      snapshot: (db) => db.query(`SELECT scim_group_target FROM client WHERE identifier = 'acme'`),
      changing: () => ({ groupTarget: 'member-groups' }),
    },
  },
};
