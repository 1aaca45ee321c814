import { clientConfigurationSchema, clientDetailsSchema, memberStateSchema } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupportToken, resolveSupportLinkSecret } from '../src/modules/auth/supportLink';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;
let superAdmin: Agent;
let admin: Agent;
let secret: string;

beforeAll(async () => {
  server = await createTestServer();
  superAdmin = await server.login('acme', 'super.admin');
  admin = await server.login('acme', 'admin');
  secret = await resolveSupportLinkSecret(server.db, undefined);
});

afterAll(async () => {
  await server?.close();
});

const DETAILS = {
  name: 'ACME Sicherheit GmbH',
  street: 'Industriestraße 12',
  additional: 'Gebäude C, 3. OG',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  homepage: 'https://www.acme.example',
};

async function clientRow() {
  const [row] = await server.db.query("SELECT * FROM client WHERE identifier = 'acme'");
  return row;
}

async function auditOf(action: string) {
  return server.db.query<{ actor_name: string; before: unknown; after: unknown; entity_type: string }>(
    'SELECT actor_name, before, after, entity_type FROM audit_entry WHERE action = $1 ORDER BY id',
    [action],
  );
}

describe('company details', () => {
  it('a super-admin reads name, company ID, address, homepage and the countries in his language', async () => {
    const response = await superAdmin.get('/api/clientdetails/readdetails');
    expect(response.statusCode, response.body).toBe(200);
    const details = clientDetailsSchema.parse(response.json());
    expect(details).toMatchObject({
      name: 'ACME Sicherheit GmbH',
      clientIdentifier: 'acme',
      postalCode: '10115',
      country: 'DE',
      homepage: 'https://www.acme.example',
    });
    // The client's offered countries (AT and DE unless its licensee chose others), in the stored order.
    expect(details.countries).toEqual([
      { code: 'AT', name: 'Österreich' },
      { code: 'DE', name: 'Deutschland' },
    ]);
  });

  it("the configuration is the super-admin's alone; ou-admin, loc-admin and member get no company settings", async () => {
    for (const username of ['admin', 'ou.admin', 'loc.admin', 'member']) {
      const agent = username === 'admin' ? admin : await server.login('acme', username);
      if (username !== 'admin') {
        expectError(await agent.get('/api/clientdetails/readdetails'), 403, 'Auth.Forbidden');
        expectError(await agent.post('/api/clientdetails/updatedetails', DETAILS), 403, 'Auth.Forbidden');
      }
      expectError(await agent.post('/api/clientdetails/read-configuration', {}), 403, 'Auth.Forbidden');
      expectError(
        await agent.post('/api/clientdetails/update-configuration', {
          supportLoginAllowed: false,
          externalCalendarHref: null,
        }),
        403,
        'Auth.Forbidden',
      );
    }
  });

  it('updates the master data (the company ID stays) and audits before and after', async () => {
    const response = await superAdmin.post('/api/clientdetails/updatedetails', {
      ...DETAILS,
      name: "ACME Sicherheit GmbH & Co. KG – O'Brien 🦺",
      country: 'AT',
      postalCode: '1010',
      city: 'Wien',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(clientDetailsSchema.parse(response.json())).toMatchObject({
      name: "ACME Sicherheit GmbH & Co. KG – O'Brien 🦺",
      clientIdentifier: 'acme',
      country: 'AT',
      postalCode: '1010',
      additional: 'Gebäude C, 3. OG',
    });
    expect(await clientRow()).toMatchObject({ identifier: 'acme', country: 'AT', city: 'Wien' });
    const [entry] = await auditOf('client.update-details');
    expect(entry).toMatchObject({
      actor_name: 'Sabine Admiral',
      entity_type: 'client',
      before: { country: 'DE', postalCode: '10115' },
      after: { country: 'AT', postalCode: '1010' },
    });
    // The member state names the client by its new name.
    const state = memberStateSchema.parse((await superAdmin.get('/api/member/state')).json());
    expect(state.clientName).toBe("ACME Sicherheit GmbH & Co. KG – O'Brien 🦺");
    // Empty optional fields are stored as none.
    const cleared = await superAdmin.post('/api/clientdetails/updatedetails', {
      ...DETAILS,
      additional: '',
      homepage: '',
    });
    expect(clientDetailsSchema.parse(cleared.json())).toMatchObject({ additional: null, homepage: null });
    await superAdmin.post('/api/clientdetails/updatedetails', DETAILS);
  });

  it('checks the postal code against the chosen country (Client.InvalidPostalCode); nothing changes', async () => {
    const before = await clientRow();
    for (const [country, postalCode] of [
      ['DE', '1010'],
      ['DE', '101155'],
      ['AT', '10115'],
      ['AT', 'A-1010x'],
    ]) {
      expectError(
        await superAdmin.post('/api/clientdetails/updatedetails', { ...DETAILS, country, postalCode }),
        400,
        'Client.InvalidPostalCode',
      );
    }
    expect(await clientRow()).toEqual(before);
    // The format's redundant characters are allowed; no postal code at all is fine.
    expect(
      (await superAdmin.post('/api/clientdetails/updatedetails', { ...DETAILS, postalCode: ' 10115 ' })).statusCode,
    ).toBe(200);
    expect(
      (await superAdmin.post('/api/clientdetails/updatedetails', { ...DETAILS, postalCode: null })).statusCode,
    ).toBe(200);
    await superAdmin.post('/api/clientdetails/updatedetails', DETAILS);
  });

  it('the homepage must be an http(s) address (Client.Invalid); other fields are bounded', async () => {
    const before = await clientRow();
    for (const homepage of [
      'www.acme.example',
      'ftp://acme.example',
      'javascript:alert(1)',
      'https://',
      'https://acme',
      'https://a b.example',
    ]) {
      expectError(
        await superAdmin.post('/api/clientdetails/updatedetails', { ...DETAILS, homepage }),
        400,
        'Client.Invalid',
      );
    }
    for (const body of [
      { ...DETAILS, name: '' },
      { ...DETAILS, name: 'x'.repeat(256) },
      { ...DETAILS, country: 'XX' },
      { ...DETAILS, street: 'x'.repeat(256) },
      { ...DETAILS, postalCode: '1'.repeat(21) },
      { ...DETAILS, homepage: `https://acme.example/${'x'.repeat(2048)}` },
      { ...DETAILS, clientIdentifier: 'other' },
    ]) {
      expectError(await superAdmin.post('/api/clientdetails/updatedetails', body), 400, 'Schema.ValidationFailed');
    }
    expect(await clientRow()).toEqual(before);
    expect(
      (
        await superAdmin.post('/api/clientdetails/updatedetails', {
          ...DETAILS,
          name: 'ä'.repeat(255),
          homepage: 'http://acme.example/über?x=1',
        })
      ).statusCode,
    ).toBe(200);
    await superAdmin.post('/api/clientdetails/updatedetails', DETAILS);
  });

  it('an admin manages the master data: reads it and changes it (administrators manage company settings)', async () => {
    const read = await admin.get('/api/clientdetails/readdetails');
    expect(read.statusCode, read.body).toBe(200);
    const original = clientDetailsSchema.parse(read.json());
    expect(original.clientIdentifier).toBe('acme');
    const changed = await admin.post('/api/clientdetails/updatedetails', { ...DETAILS, additional: 'Haus B' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(clientDetailsSchema.parse(changed.json()).additional).toBe('Haus B');
    const { name, street, additional, postalCode, city, country, homepage } = original;
    const restored = await admin.post('/api/clientdetails/updatedetails', {
      ...{ name, street, additional, postalCode, city, country, homepage },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });
});

describe('company configuration', () => {
  async function configure(body: Record<string, unknown>) {
    const response = await superAdmin.post('/api/clientdetails/update-configuration', body);
    expect(response.statusCode, response.body).toBe(200);
    return clientConfigurationSchema.parse(response.json());
  }

  it('reads support login, calendar links and the feature flags', async () => {
    const response = await superAdmin.post('/api/clientdetails/read-configuration', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(clientConfigurationSchema.parse(response.json())).toEqual({
      supportLoginAllowed: true,
      externalCalendarHref: null,
      licenseeExternalCalendarHref: 'https://calendar.example.com/safety',
      featureFlags: { elearnings: true, riskAssessments: true, templates: true, calendar: true },
    });
  });

  it("the company's calendar link reaches every member's state; without one the licensee's is used", async () => {
    const member = await server.login('acme', 'member');
    const href = async () =>
      memberStateSchema.parse((await member.get('/api/member/state')).json()).externalCalendarHref;
    expect(await href()).toBe('https://calendar.example.com/safety');
    const saved = await configure({
      supportLoginAllowed: true,
      externalCalendarHref: 'https://kalender.acme.example/team',
    });
    expect(saved.externalCalendarHref).toBe('https://kalender.acme.example/team');
    expect(await href()).toBe('https://kalender.acme.example/team');
    // Another client keeps the licensee's.
    const globex = await server.login('globex', 'admin');
    await server.db.query("UPDATE client SET feature_calendar = true WHERE identifier = 'globex'");
    expect(memberStateSchema.parse((await globex.get('/api/member/state')).json()).externalCalendarHref).toBe(
      'https://calendar.example.com/safety',
    );
    await configure({ supportLoginAllowed: true, externalCalendarHref: '' });
    expect(await href()).toBe('https://calendar.example.com/safety');
  });

  it('refuses a calendar link that is not an http(s) address (Client.Invalid); nothing changes', async () => {
    const before = await clientRow();
    for (const externalCalendarHref of ['kalender', 'mailto:a@acme.example', 'https://']) {
      expectError(
        await superAdmin.post('/api/clientdetails/update-configuration', {
          supportLoginAllowed: false,
          externalCalendarHref,
        }),
        400,
        'Client.Invalid',
      );
    }
    expectError(
      await superAdmin.post('/api/clientdetails/update-configuration', {
        supportLoginAllowed: false,
        externalCalendarHref: null,
        featureFlags: { elearnings: false },
      }),
      400,
      'Schema.ValidationFailed',
    );
    expect(await clientRow()).toEqual(before);
  });

  it('refusing the support login stops new support logins and ends open support sessions; audited', async () => {
    const token = () => createSupportToken(secret, { client: 'acme', adviser: 'Erika Muster', reason: 'Ticket 4711' });
    const adviser = await server.anonymous();
    const login = await adviser.post('/api/support-login', { token: token() });
    expect(login.statusCode, login.body).toBe(200);
    expect((await adviser.get('/api/member/state')).statusCode).toBe(200);

    expect((await configure({ supportLoginAllowed: false, externalCalendarHref: null })).supportLoginAllowed).toBe(
      false,
    );
    expectError(await adviser.get('/api/member/state'), 401, 'Auth.Unauthorized');
    const refused = await (await server.anonymous()).post('/api/support-login', { token: token() });
    expectError(refused, 403, 'SupportLogin.NotAllowed');
    // The super-admin's own session goes on.
    expect((await superAdmin.get('/api/member/state')).statusCode).toBe(200);
    const entries = await auditOf('client.update-configuration');
    expect(entries.at(-1)).toMatchObject({
      actor_name: 'Sabine Admiral',
      before: { supportLoginAllowed: true },
      after: { supportLoginAllowed: false },
    });

    await configure({ supportLoginAllowed: true, externalCalendarHref: null });
    expect((await (await server.anonymous()).post('/api/support-login', { token: token() })).statusCode).toBe(200);
  });

  it('a customer adviser (admin rights) cannot change the company configuration', async () => {
    const adviser = await server.anonymous();
    await adviser.post('/api/support-login', {
      token: createSupportToken(secret, { client: 'acme', adviser: 'Rolf Reader', reason: 'Ticket 815' }),
    });
    expectError(
      await adviser.post('/api/clientdetails/update-configuration', {
        supportLoginAllowed: true,
        externalCalendarHref: null,
      }),
      403,
      'Auth.Forbidden',
    );
  });
});
