/** Infopoint: locations, and per location the member groups with their members' contact details. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('infopoint', () => {
  it('lists the locations and, per location, the groups with phone numbers and e-mail', async () => {
    const agent = await server.login('acme', 'member');
    const list = await agent.get('/api/infopoint/read-location-list');
    expect(list.statusCode).toBe(200);
    const locations = list.json().items as Array<{ uuid: string; name: string; groupCount: number }>;
    expect(locations.length).toBeGreaterThanOrEqual(3);
    const hamburg = locations.find((location) => location.name === 'Werk Hamburg');
    expect(hamburg).toBeDefined();
    const details = (await agent.post('/api/infopoint/read-member-groups', { locationUuid: hamburg?.uuid })).json();
    expect(details.location.name).toBe('Werk Hamburg');
    expect(details.groups.length).toBe(hamburg?.groupCount);
    const firstAid = details.groups.find((group: { type: string }) => group.type === 'first-aid');
    expect(firstAid).toBeDefined();
    expect(details.groups[0].type).toBe('first-aid');
    // Every listed member really is in the group and at the location (or at no location).
    for (const group of details.groups) {
      for (const member of group.members) {
        const [row] = await server.db.query<{ ok: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM member_group_member WHERE member_group_uuid = $1 AND member_uuid = $2)
              AND (EXISTS (SELECT 1 FROM location_member WHERE member_uuid = $2 AND location_uuid = $3)
                   OR NOT EXISTS (SELECT 1 FROM location_member WHERE member_uuid = $2)) AS ok`,
          [group.uuid, member.uuid, hamburg?.uuid],
        );
        expect(row?.ok).toBe(true);
        expect(member).toHaveProperty('phoneNumber');
        expect(member).toHaveProperty('email');
      }
    }
  });

  it("shows each location's address and country (the emergency numbers are the country's)", async () => {
    const agent = await server.login('acme', 'member');
    const locations = (await agent.get('/api/infopoint/read-location-list')).json().items as Array<{
      name: string;
      street: string | null;
      postalCode: string | null;
      city: string | null;
      countryCode: string;
    }>;
    expect(locations.find((location) => location.name === 'Büro Wien')).toMatchObject({
      street: 'Mariahilfer Straße 88',
      postalCode: '1070',
      city: 'Wien',
      countryCode: 'AT',
    });
    expect(locations.find((location) => location.name === 'Werk Hamburg')).toMatchObject({ countryCode: 'DE' });
  });

  it('demo data: the contacts on a notice have phone numbers of their own', async () => {
    const agent = await server.login('acme', 'member');
    const locations = (await agent.get('/api/infopoint/read-location-list')).json().items as Array<{ uuid: string }>;
    const numbers = new Map<string, string>();
    for (const location of locations) {
      const details = (await agent.post('/api/infopoint/read-member-groups', { locationUuid: location.uuid })).json();
      for (const group of details.groups as Array<{ members: Array<{ uuid: string; phoneNumber: string | null }> }>) {
        for (const member of group.members) {
          expect(member.phoneNumber).not.toBeNull();
          numbers.set(member.uuid, member.phoneNumber ?? '');
        }
      }
    }
    expect(numbers.size).toBeGreaterThan(3);
    expect(new Set(numbers.values()).size).toBe(numbers.size);
  });

  it("answers another client's location like an unknown one", async () => {
    const agent = await server.login('globex', 'admin');
    const [acmeLocation] = await server.db.query<{ uuid: string }>(
      "SELECT uuid FROM location WHERE client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme') LIMIT 1",
    );
    expectError(
      await agent.post('/api/infopoint/read-member-groups', { locationUuid: acmeLocation?.uuid }),
      404,
      'Location.NotFound',
    );
    expectError(
      await agent.post('/api/infopoint/read-member-groups', { locationUuid: crypto.randomUUID() }),
      404,
      'Location.NotFound',
    );
    const list = (await agent.get('/api/infopoint/read-location-list')).json();
    expect(list.items.map((item: { uuid: string }) => item.uuid)).not.toContain(acmeLocation?.uuid);
  });
});
