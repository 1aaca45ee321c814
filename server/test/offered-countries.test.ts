/**
 * The address countries a client offers: its licensee chooses them in the console (AT and DE by default), every
 * address form of the client (company master data, locations, members) offers them through the member state, and
 * the server refuses a country outside them (Address.CountryNotOffered) while a record's stored country stays
 * accepted. The contract takes any alpha-2 code the postal module knows.
 */
import { memberSchema } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';
import { memberCreateBody } from './memberBody';

let server: TestServer;
let licensee: Agent;
let globexUuid: string;

beforeAll(async () => {
  server = await createTestServer();
  licensee = await server.licenseeLogin('dashboard', 'lizenz.admin');
  const [globex] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'globex'");
  globexUuid = globex?.uuid ?? '';
});

afterAll(async () => {
  await server?.close();
});

interface ClientDetails extends Record<string, unknown> {
  uuid: string;
  offeredCountries: string[];
  country: string;
  featureFlags: Record<string, boolean>;
}

async function clientDetails(uuid: string): Promise<ClientDetails> {
  const response = await licensee.post('/api/licensee/client/details', { uuid });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientDetails;
}

/** The update call's body of a client as the console shows it, with `overrides`. */
function updateBody(details: ClientDetails, overrides: Record<string, unknown> = {}) {
  return {
    uuid: details.uuid,
    name: details.name,
    street: details.street,
    additional: details.additional,
    postalCode: details.postalCode,
    city: details.city,
    country: details.country,
    homepage: details.homepage,
    maxMembers: details.maxMembers,
    featureFlags: details.featureFlags,
    ...overrides,
  };
}

const LOCATION = {
  name: 'Werk Basel',
  locationType: 'branch',
  floorSpace: null,
  street: 'Rheinweg 1',
  postalCode: '4051',
  city: 'Basel',
  responsibleMemberUuids: [],
};

describe('the offered address countries', () => {
  it('are AT and DE for existing clients and for a new one the licensee creates without choosing', async () => {
    expect((await clientDetails(globexUuid)).offeredCountries).toEqual(['AT', 'DE']);
    const created = await licensee.post('/api/licensee/client/create', {
      name: 'Länderprobe GmbH',
      street: null,
      additional: null,
      postalCode: null,
      city: null,
      country: 'DE',
      homepage: null,
      maxMembers: null,
      featureFlags: { elearnings: false, riskAssessments: false, templates: true, calendar: false },
      clientIdentifier: 'laenderprobe',
      superAdmin: {
        firstName: 'Lara',
        lastName: 'Land',
        email: 'lara.land@laenderprobe.example',
        username: 'lara.land',
        language: 'de_DE',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await clientDetails(created.json().uuid)).offeredCountries).toEqual(['AT', 'DE']);
  });

  it('are set by the licensee and reach the member state, the company details and every address form', async () => {
    const before = await clientDetails(globexUuid);
    const updated = await licensee.post(
      '/api/licensee/client/update',
      updateBody(before, { offeredCountries: ['DE', 'AT', 'CH'] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().offeredCountries).toEqual(['DE', 'AT', 'CH']);
    // Left out on an update: unchanged.
    const unchanged = await licensee.post('/api/licensee/client/update', updateBody(before));
    expect(unchanged.json().offeredCountries).toEqual(['DE', 'AT', 'CH']);

    const admin = await server.login('globex', 'admin');
    const state = (await admin.get('/api/member/state')).json() as { offeredCountries: string[] };
    expect(state.offeredCountries).toEqual(['DE', 'AT', 'CH']);
    const details = (await admin.get('/api/clientdetails/readdetails')).json() as {
      countries: Array<{ code: string; name: string }>;
    };
    expect(details.countries.map((country) => country.code)).toEqual(['DE', 'AT', 'CH']);
    expect(details.countries.find((country) => country.code === 'CH')?.name).toBe('Schweiz');

    // Offered now: a Swiss location and a Swiss member address, with the Swiss postal code rule.
    const location = await admin.post('/api/location/create-location', { ...LOCATION, countryCode: 'CH' });
    expect(location.statusCode, location.body).toBe(200);
    expectError(
      await admin.post('/api/location/create-location', {
        ...LOCATION,
        name: 'Werk Zürich',
        countryCode: 'CH',
        postalCode: '80331',
      }),
      400,
      'Location.InvalidPostalCode',
    );
    const member = await admin.post(
      '/api/member/createmember',
      memberCreateBody({
        firstName: 'Urs',
        lastName: 'Schweizer',
        username: 'urs.schweizer',
        email: null,
        postalCode: '8001',
        city: 'Zürich',
        country: 'CH',
      }),
    );
    expect(member.statusCode, member.body).toBe(200);
  });

  it("refuses a member form's, a location's and the master data's country outside the client's list, changing nothing", async () => {
    const admin = await server.login('globex', 'admin');
    const refused = await admin.post(
      '/api/member/createmember',
      memberCreateBody({
        firstName: 'Fabienne',
        lastName: 'Français',
        username: 'fabienne',
        email: null,
        country: 'FR',
      }),
    );
    expectError(refused, 400, 'Address.CountryNotOffered');
    const [count] = await server.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM member WHERE username = 'fabienne'",
    );
    expect(count?.count).toBe(0);
    expectError(
      await admin.post('/api/location/create-location', {
        ...LOCATION,
        name: 'Usine Lyon',
        countryCode: 'FR',
        postalCode: '69001',
      }),
      400,
      'Address.CountryNotOffered',
    );
    // The company's own master data (admins manage them).
    const company = (await admin.get('/api/clientdetails/readdetails')).json() as Record<string, unknown>;
    expectError(
      await admin.post('/api/clientdetails/updatedetails', {
        name: company.name,
        street: company.street,
        additional: company.additional,
        postalCode: null,
        city: company.city,
        country: 'FR',
        homepage: company.homepage,
      }),
      400,
      'Address.CountryNotOffered',
    );
    const [client] = await server.db.query<{ country: string }>('SELECT country FROM client WHERE uuid = $1', [
      globexUuid,
    ]);
    expect(client?.country).toBe('DE');
  });

  it("keeps a record's stored country accepted after the licensee took it off the list", async () => {
    const admin = await server.login('globex', 'admin');
    const [urs] = await server.db.query<{ uuid: string }>("SELECT uuid FROM member WHERE username = 'urs.schweizer'");
    const before = await clientDetails(globexUuid);
    const narrowed = await licensee.post(
      '/api/licensee/client/update',
      updateBody(before, { offeredCountries: ['DE'] }),
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const read = await admin.post('/api/memberlist/memberdetails', { uuid: urs?.uuid });
    const {
      lastLoginAt: _login,
      archivedAt: _archived,
      orgUnits: _units,
      locations: _locations,
      ...fields
    } = memberSchema.parse(read.json());
    const saved = await admin.post('/api/memberlist/updatememberdetails', {
      ...fields,
      city: 'Bern',
      postalCode: '3011',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Another country outside the list is refused on an update too.
    expectError(
      await admin.post('/api/memberlist/updatememberdetails', { ...fields, country: 'AT', postalCode: '1010' }),
      400,
      'Address.CountryNotOffered',
    );
    // The client's own country must be offered when the licensee changes it.
    expectError(
      await licensee.post(
        '/api/licensee/client/update',
        updateBody(before, { offeredCountries: ['DE'], country: 'AT', postalCode: null }),
      ),
      400,
      'Address.CountryNotOffered',
    );
  });

  it('takes only assigned ISO codes, each once, at least one and at most 30; the schema refuses the rest', async () => {
    const details = await clientDetails(globexUuid);
    const tooMany = ['AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU'];
    for (const offeredCountries of [
      [],
      ['DE', 'DE'],
      ['IC'],
      ['AN'],
      ['XX'],
      ['de'],
      [...tooMany, 'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
    ]) {
      expectError(
        await licensee.post('/api/licensee/client/update', updateBody(details, { offeredCountries })),
        400,
        'Schema.ValidationFailed',
      );
    }
    expect((await clientDetails(globexUuid)).offeredCountries).toEqual(details.offeredCountries);
  });

  it("lets another licensee neither read nor set a client's list", async () => {
    const partner = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
    const details = await clientDetails(globexUuid);
    expectError(await partner.post('/api/licensee/client/details', { uuid: globexUuid }), 404, 'Client.NotFound');
    expectError(
      await partner.post(
        '/api/licensee/client/update',
        updateBody(details, { offeredCountries: ['FR'], country: 'FR' }),
      ),
      404,
      'Client.NotFound',
    );
    expect((await clientDetails(globexUuid)).offeredCountries).toEqual(details.offeredCountries);
  });
});
