import { hashPassword } from '@dash/shared-core';
import { expect } from 'vitest';
import type { Database } from '../../src/core/db/database';
import { DEMO_PASSWORD } from '../helpers';
import { type Ids, type MatrixEntry, tableDefaults } from './types';

/** The spare client of the default licensee (made in loadMatrixIds): the update's valid call writes it as it is. */
export const SPARE_CLIENT = {
  clientIdentifier: 'matrix-spare',
  name: 'Matrix Spare GmbH',
  street: 'Spreeweg 1',
  postalCode: '10557',
  city: 'Berlin',
} as const;

const SPARE_FIELDS = {
  name: SPARE_CLIENT.name,
  street: SPARE_CLIENT.street,
  additional: null,
  postalCode: SPARE_CLIENT.postalCode,
  city: SPARE_CLIENT.city,
  country: 'DE',
  homepage: null,
  maxMembers: null,
  featureFlags: { elearnings: false, riskAssessments: false, templates: true, calendar: false },
};

const NEW_CLIENT = {
  name: 'Matrix Neu AG',
  street: 'Neue Straße 5',
  additional: null,
  postalCode: '80331',
  city: 'München',
  country: 'DE',
  homepage: 'https://neu.example',
  maxMembers: 50,
  featureFlags: { elearnings: true, riskAssessments: false, templates: true, calendar: false },
  superAdmin: {
    firstName: 'Nora',
    lastName: 'Neumann',
    email: 'nora.neumann@neu.example',
    username: 'nora.neumann',
    language: 'de_DE',
  },
};

/** Each valid create takes a company ID of its own (a company ID is taken once). */
let created = 0;
const newClient = () => ({ ...NEW_CLIENT, clientIdentifier: `matrix-neu-${++created}` });

const clientRow = (uuid: (ids: Ids) => string) => (db: Database, ids: Ids) =>
  db.query('SELECT * FROM client WHERE uuid = $1', [uuid(ids)]);
/** Every client with its members, org units and the outbox: what a create adds to. */
const everyClient = async (db: Database) => ({
  clients: await db.query('SELECT identifier, licensee_uuid, name FROM client ORDER BY identifier'),
  members: await db.query('SELECT count(*)::int AS count FROM member'),
  orgUnits: await db.query('SELECT count(*)::int AS count FROM org_unit'),
});

/** The licensee admin's writes: the customer adviser reads only. */
const ADVISER = ['dashboard/berater'] as const;

/**
 * The licensee console. Every call but the sign-in needs a licensee staff session: the matrix test proves that each
 * member login (and a forged or missing session) answers 401, and that a member call refuses a licensee session.
 * Another licensee's client (initech, the partner's) answers exactly as a uuid that does not exist.
 */
export const LICENSEE_MATRIX: Record<string, MatrixEntry> = {
  'POST /api/licensee/login': {
    access: 'public',
    endpoint: 'licenseeLogin',
    sample: () => ({
      licenseeIdentifier: 'dashboard',
      username: 'lizenz.admin',
      password: hashPassword(DEMO_PASSWORD),
    }),
    validated: true,
    malformed: () => [
      { licenseeIdentifier: 'dashboard', username: 'lizenz.admin', password: DEMO_PASSWORD },
      { licenseeIdentifier: 'dashboard', username: 'lizenz.admin' },
      { clientIdentifier: 'acme', username: 'admin', password: hashPassword(DEMO_PASSWORD) },
    ],
    forbiddenFor: null,
  },
  'GET /api/licensee/state': {
    access: 'licensee',
    endpoint: 'licenseeState',
    sample: () => ({}),
    validated: true,
    forbiddenFor: null,
    expectValid: (response) => {
      const state = response.json() as { staff: { roleIdentifier: string }; licensee: { identifier: string } };
      expect(state.staff.roleIdentifier).toBe('licensee-admin');
      expect(state.licensee.identifier).toBe('dashboard');
    },
  },
  'POST /api/licensee/client/list': {
    access: 'licensee',
    endpoint: 'licenseeClientList',
    sample: () => ({ ...tableDefaults, sortBy: 'clientIdentifier' }),
    validated: true,
    malformed: () => [
      { ...tableDefaults, sortBy: 'licensee_uuid' },
      { ...tableDefaults, filter: { status: 'deleted' } },
      { ...tableDefaults, filter: { licenseeUuid: '00000000-0000-4000-8000-000000000000' } },
      { ...tableDefaults, perPage: 10_000 },
    ],
    forbiddenFor: null,
    // Only the default licensee's clients: never the partner's initech.
    expectValid: (response) => {
      const { items } = response.json() as { items: Array<{ clientIdentifier: string }> };
      const identifiers = items.map((item) => item.clientIdentifier);
      expect(identifiers).toEqual(expect.arrayContaining(['acme', 'globex', SPARE_CLIENT.clientIdentifier]));
      expect(identifiers).not.toContain('initech');
    },
  },
  'POST /api/licensee/client/details': {
    access: 'licensee',
    endpoint: 'licenseeClientDetails',
    asLicensee: 'dashboard/berater',
    sample: (ids) => ({ uuid: ids.globexClient }),
    validated: true,
    forbiddenFor: null,
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      request: (uuid) => ({ input: { uuid } }),
      status: 404,
      code: 'Client.NotFound',
    },
  },
  'POST /api/licensee/client/create': {
    access: 'licensee',
    endpoint: 'licenseeClientCreate',
    sample: newClient,
    validated: true,
    malformed: () => [
      { ...newClient(), superAdmin: undefined },
      { ...newClient(), superAdmin: { ...NEW_CLIENT.superAdmin, email: 'no-address' } },
      { ...newClient(), superAdmin: { ...NEW_CLIENT.superAdmin, role: 'member' } },
      { ...newClient(), maxMembers: 0 },
      { ...newClient(), country: 'XX' },
      { ...newClient(), offeredCountries: [] },
      { ...newClient(), offeredCountries: ['DE', 'DE'] },
      { ...newClient(), offeredCountries: ['IC'] },
      { ...newClient(), featureFlags: { elearnings: true } },
      { ...newClient(), licenseeUuid: '00000000-0000-4000-8000-000000000000' },
    ],
    forbiddenFor: ADVISER,
    writes: {
      snapshot: everyClient,
      changing: () => ({ ...NEW_CLIENT, clientIdentifier: 'matrix-control' }),
      rejected: [
        { body: () => ({ ...NEW_CLIENT, clientIdentifier: 'initech' }), status: 409, code: 'Client.IdentifierExists' },
        { body: () => ({ ...NEW_CLIENT, clientIdentifier: '1matrix' }), status: 400, code: 'Client.Invalid' },
        { body: () => ({ ...NEW_CLIENT, clientIdentifier: 'ma--trix' }), status: 400, code: 'Client.Invalid' },
        { body: () => ({ ...NEW_CLIENT, clientIdentifier: 'mx' }), status: 400, code: 'Client.Invalid' },
        {
          body: () => ({ ...NEW_CLIENT, clientIdentifier: 'matrix-control', postalCode: '123' }),
          status: 400,
          code: 'Client.InvalidPostalCode',
        },
        {
          body: () => ({ ...NEW_CLIENT, clientIdentifier: 'matrix-control', homepage: 'neu.example' }),
          status: 400,
          code: 'Client.Invalid',
        },
        {
          body: () => ({ ...NEW_CLIENT, clientIdentifier: 'matrix-control', country: 'FR', postalCode: '75001' }),
          status: 400,
          code: 'Address.CountryNotOffered',
        },
      ],
      restore: newClient,
    },
  },
  'POST /api/licensee/client/update': {
    access: 'licensee',
    endpoint: 'licenseeClientUpdate',
    sample: (ids) => ({ uuid: ids.spareClient, ...SPARE_FIELDS }),
    validated: true,
    malformed: (ids) => [
      { uuid: ids.spareClient, ...SPARE_FIELDS, clientIdentifier: 'renamed' },
      { uuid: ids.spareClient, ...SPARE_FIELDS, maxMembers: -1 },
      { uuid: ids.spareClient, ...SPARE_FIELDS, maxMembers: 1.5 },
      { uuid: ids.spareClient, ...SPARE_FIELDS, featureFlags: { ...SPARE_FIELDS.featureFlags, sms: true } },
      { uuid: ids.spareClient, ...SPARE_FIELDS, offeredCountries: [] },
      { uuid: ids.spareClient, ...SPARE_FIELDS, offeredCountries: ['CH', 'ch'] },
      { uuid: 'not-a-uuid', ...SPARE_FIELDS },
    ],
    forbiddenFor: ADVISER,
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      // Another licensee's client: neither its fields nor its offered countries change.
      request: (uuid) => ({ input: { uuid, ...SPARE_FIELDS, offeredCountries: ['DE', 'CH'] } }),
      status: 404,
      code: 'Client.NotFound',
    },
    writes: {
      snapshot: clientRow((ids) => ids.spareClient),
      changing: (ids) => ({
        uuid: ids.spareClient,
        ...SPARE_FIELDS,
        offeredCountries: ['DE', 'CH'],
        additional: 'Halle 2',
        maxMembers: 2,
        featureFlags: { ...SPARE_FIELDS.featureFlags, elearnings: true },
      }),
      rejected: [
        {
          body: (ids) => ({ uuid: ids.spareClient, ...SPARE_FIELDS, maxMembers: 1 }),
          status: 409,
          code: 'Client.MaxMembersBelowCount',
        },
        {
          body: (ids) => ({ uuid: ids.spareClient, ...SPARE_FIELDS, country: 'AT' }),
          status: 400,
          code: 'Client.InvalidPostalCode',
        },
        {
          body: (ids) => ({ uuid: ids.spareClient, ...SPARE_FIELDS, country: 'CH', postalCode: '8001' }),
          status: 400,
          code: 'Address.CountryNotOffered',
        },
        {
          body: (ids) => ({ uuid: ids.initechClient, ...SPARE_FIELDS, offeredCountries: ['DE', 'CH'] }),
          status: 404,
          code: 'Client.NotFound',
        },
        {
          body: (ids) => ({ uuid: ids.initechClient, ...SPARE_FIELDS, additional: 'Halle 2' }),
          status: 404,
          code: 'Client.NotFound',
        },
      ],
    },
  },
  'POST /api/licensee/client/set-status': {
    access: 'licensee',
    endpoint: 'licenseeClientSetStatus',
    sample: (ids) => ({ uuid: ids.spareClient, active: true }),
    validated: true,
    malformed: (ids) => [{ uuid: ids.spareClient, active: 'no' }, { uuid: ids.spareClient }],
    forbiddenFor: ADVISER,
    otherClientUuid: {
      foreign: (ids) => ids.initechClient,
      request: (uuid) => ({ input: { uuid, active: false } }),
      status: 404,
      code: 'Client.NotFound',
    },
    writes: {
      snapshot: clientRow((ids) => ids.spareClient),
      changing: (ids) => ({ uuid: ids.spareClient, active: false }),
      rejected: [{ body: (ids) => ({ uuid: ids.initechClient, active: false }), status: 404, code: 'Client.NotFound' }],
    },
  },
};
