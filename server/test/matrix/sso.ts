import type { Database } from '../../src/core/db/database';
import { startTestProvider, type TestProvider } from '../oidcProvider';
import type { MatrixEntry } from './types';

const NOT_SUPER_ADMIN = ['acme/admin', 'acme/ou.admin', 'acme/loc.admin', 'acme/member'] as const;

/** A real provider for the valid configuration calls (their discovery is read), started once by the first setup. */
let provider: TestProvider | undefined;
async function startProvider(): Promise<void> {
  provider ??= await startTestProvider({ origins: ['http://localhost'], unref: true });
}

function configuration(change: Record<string, unknown> = {}) {
  if (!provider) throw new Error('the matrix provider has not started (setup)');
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    providerName: 'Acme Entra ID',
    // Both: the password sign-ins of the other entries go on.
    loginMode: 'both',
    ...change,
  };
}

const acmeProvider = (db: Database) =>
  db.query(
    `SELECT s.issuer, s.client_id, s.provider_name, s.login_mode, s.updated_at
       FROM client_sso s JOIN client c ON c.uuid = s.client_uuid WHERE c.identifier = 'acme'`,
  );

/**
 * Single sign-on (docs/single-sign-on.md): the sign-in page's options and the trip to the provider are public; the
 * company's provider is the super-admin's (company configuration).
 */
export const SSO_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/auth/sso-options': {
    access: 'public',
    endpoint: 'ssoOptions',
    sample: () => ({ clientIdentifier: 'acme' }),
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/auth/sso/start': {
    access: 'public',
    // Outside the contract: a redirect to the provider, or back to the sign-in page with the reason.
    sample: () => ({ clientIdentifier: 'globex' }),
    validStatus: 302,
    validated: true,
    forbiddenFor: null,
  },
  'GET /api/auth/sso/callback': {
    access: 'public',
    // The provider adds parameters of its own: an unknown state goes back to the sign-in page (Sso.StateInvalid).
    sample: () => ({ state: 'not-issued', code: 'x' }),
    validStatus: 302,
    validated: false,
    forbiddenFor: null,
  },
  'POST /api/clientdetails/read-sso': {
    access: 'session',
    endpoint: 'ssoConfiguration',
    as: 'acme/super.admin',
    sample: () => ({}),
    validated: true,
    forbiddenFor: NOT_SUPER_ADMIN,
  },
  'POST /api/clientdetails/update-sso': {
    access: 'session',
    endpoint: 'updateSsoConfiguration',
    as: 'acme/super.admin',
    setup: startProvider,
    sample: () => configuration(),
    validated: true,
    malformed: () => [
      configuration({ loginMode: 'sometimes' }),
      configuration({ issuer: '' }),
      configuration({ providerName: 'x'.repeat(61) }),
      configuration({ clientSecret: undefined }),
    ],
    forbiddenFor: NOT_SUPER_ADMIN,
    writes: {
      snapshot: acmeProvider,
      changing: () => configuration({ providerName: 'Acme Okta' }),
      rejected: [
        // A kept secret is never sent to another client ID: it must be typed again.
        {
          body: () => configuration({ clientSecret: null, clientId: 'another' }),
          status: 400,
          code: 'Schema.ValidationFailed',
        },
        { body: () => configuration({ issuer: 'ftp://login.example.com' }), status: 400, code: 'Sso.DiscoveryFailed' },
      ],
    },
  },
  'POST /api/clientdetails/remove-sso': {
    access: 'session',
    endpoint: 'removeSsoConfiguration',
    as: 'acme/super.admin',
    sample: () => ({}),
    validated: true,
    forbiddenFor: NOT_SUPER_ADMIN,
    writes: {
      // The valid call of this entry removed acme's provider already: the snapshot puts one back where there is none
      // (a sealed secret that is never opened), so that the control removal has something to remove. A removal that
      // removed nothing would leave the first snapshot's row, and the comparison would fail.
      snapshot: async (db) => {
        await db.query(
          `INSERT INTO client_sso (client_uuid, issuer, client_id, client_secret_encrypted, provider_name, login_mode,
                                   updated_at)
           SELECT c.uuid, 'https://login.example.com', 'matrix', 'v1.a.b.c', 'Matrix', 'both', clock_timestamp()
             FROM client c WHERE c.identifier = 'acme'
           ON CONFLICT (client_uuid) DO NOTHING`,
        );
        return acmeProvider(db);
      },
      changing: () => ({}),
    },
  },
};
