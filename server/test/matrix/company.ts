import type { Database } from '../../src/core/db/database';
import type { MatrixEntry } from './types';

/** acme's seeded master data: the valid call writes it as it is. */
const DETAILS = {
  name: 'ACME Sicherheit GmbH',
  street: 'Industriestraße 12',
  additional: null,
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  homepage: 'https://www.acme.example',
};

const acmeRow = (db: Database) => db.query("SELECT * FROM client WHERE identifier = 'acme'");

/** Every demo role but the super-admin lacks clientdetails.*-configuration (one login per role). */
const NOT_SUPER_ADMIN = ['acme/admin', 'acme/ou.admin', 'acme/loc.admin', 'acme/member'] as const;
/** The master data is the admins' too: only the roles below admin lack clientdetails.*-details. */
const NOT_ADMIN = ['acme/ou.admin', 'acme/loc.admin', 'acme/member'] as const;

/** The company settings calls: master data for admins, configuration for the super-admin only. */
export const COMPANY_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/clientdetails/readdetails': {
    access: 'session',
    endpoint: 'clientDetails',
    as: 'acme/admin',
    sample: () => ({}),
    validated: true,
    forbiddenFor: NOT_ADMIN,
  },
  'POST /api/clientdetails/updatedetails': {
    access: 'session',
    endpoint: 'updateClientDetails',
    as: 'acme/admin',
    sample: () => DETAILS,
    validated: true,
    malformed: () => [
      { ...DETAILS, name: '' },
      { ...DETAILS, country: 'XX' },
      { ...DETAILS, postalCode: '1'.repeat(21) },
      { ...DETAILS, clientIdentifier: 'globex' },
    ],
    forbiddenFor: NOT_ADMIN,
    writes: {
      snapshot: acmeRow,
      changing: () => ({ ...DETAILS, additional: 'Gebäude C' }),
      rejected: [
        {
          body: () => ({ ...DETAILS, additional: 'Gebäude C', country: 'AT' }),
          status: 400,
          code: 'Client.InvalidPostalCode',
        },
        {
          body: () => ({ ...DETAILS, additional: 'Gebäude C', homepage: 'acme.example' }),
          status: 400,
          code: 'Client.Invalid',
        },
        {
          // A country the postal module knows but acme does not offer (its licensee offers AT and DE).
          body: () => ({ ...DETAILS, additional: 'Gebäude C', country: 'FR', postalCode: '75001' }),
          status: 400,
          code: 'Address.CountryNotOffered',
        },
      ],
    },
  },
  'POST /api/clientdetails/read-configuration': {
    access: 'session',
    endpoint: 'clientConfiguration',
    as: 'acme/super.admin',
    sample: () => ({}),
    validated: true,
    forbiddenFor: NOT_SUPER_ADMIN,
  },
  'POST /api/clientdetails/update-configuration': {
    access: 'session',
    endpoint: 'updateClientConfiguration',
    as: 'acme/super.admin',
    // The seeded configuration: support login stays allowed for the support-login entries.
    sample: () => ({ supportLoginAllowed: true, externalCalendarHref: null }),
    validated: true,
    malformed: () => [
      { supportLoginAllowed: 'yes', externalCalendarHref: null },
      { supportLoginAllowed: true },
      { supportLoginAllowed: true, externalCalendarHref: null, featureFlags: { calendar: false } },
    ],
    forbiddenFor: NOT_SUPER_ADMIN,
    writes: {
      snapshot: acmeRow,
      changing: () => ({ supportLoginAllowed: true, externalCalendarHref: 'https://kalender.acme.example' }),
      rejected: [
        {
          body: () => ({ supportLoginAllowed: false, externalCalendarHref: 'kalender' }),
          status: 400,
          code: 'Client.Invalid',
        },
      ],
    },
  },
};
