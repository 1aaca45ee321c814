// @vitest-environment jsdom
import { i18n, type MemberState } from '@dash/shared-core';
import { useSessionStore } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import company_en from '../../../i18n/en_GB';
import { AssignmentPicker } from './AssignmentPicker';

// The server's answers as the contract shapes them: the org unit tree (depth first) and the client's locations.
const person = { uuid: '00000000-0000-4000-8000-0000000000aa', firstName: 'Lars', lastName: 'Lindner' };
const node = (uuid: string, parentUuid: string | null, depth: number, orgUnitName: string, isDefault = false) => ({
  uuid,
  orgUnitName,
  parentUuid,
  depth,
  isRoot: depth === 0,
  isDefault,
  memberCount: 3,
  admins: [],
});
const TREE = {
  items: [
    node('10000000-0000-4000-8000-000000000001', null, 0, 'ACME', true),
    node('10000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', 1, 'Produktion'),
    node('10000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000002', 2, 'Montage'),
  ],
  total: 3,
};
const location = (uuid: string, name: string, city: string) => ({
  uuid,
  name,
  city,
  countryCode: 'DE',
  locationType: 'branch',
  floorSpace: 1200,
  memberCount: 4,
  responsibleMembers: [person],
});
const LOCATIONS = {
  items: [
    location('20000000-0000-4000-8000-000000000001', 'Werk Nord', 'Hamburg'),
    location('20000000-0000-4000-8000-000000000002', 'Werk Süd', 'München'),
    location('20000000-0000-4000-8000-000000000003', 'Zentrale', 'Köln'),
  ],
  total: 3,
};

const requests: { path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
  const path = new URL(String(url), 'http://localhost').pathname;
  requests.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
  if (path.includes('org-unit')) return Response.json(TREE);
  if (path.includes('location')) return Response.json(LOCATIONS);
  return Response.json({ error: { code: 'Generic.NotFound' } }, { status: 404 });
});

function signIn(permissions: string[]) {
  useSessionStore.getState().signedIn({
    member: { uuid: 'm', email: 'admin@example.com', roleIdentifier: 'admin', permissions },
    featureFlags: { elearnings: true, riskAssessments: true, templates: true, calendar: true },
  } as unknown as MemberState);
}

let chosen: { units: string[]; locations: string[] };
function Picker({ responsible = [] as string[] }) {
  const [units, setUnits] = useState<string[]>([]);
  const [locations, setLocations] = useState<string[]>([]);
  chosen = { units, locations };
  return (
    <AssignmentPicker
      orgUnitUuids={units}
      locationUuids={locations}
      onOrgUnitsChange={setUnits}
      onLocationsChange={setLocations}
      responsibleLocationUuids={responsible}
    />
  );
}

async function show(responsible?: string[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <Picker responsible={responsible} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await act(async () => {});
}

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('en_GB', 'company', company_en);
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the XSRF cookie the way the server would
  document.cookie = 'XSRF-TOKEN=test-token';
  requests.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AssignmentPicker', () => {
  it('shows the org unit tree indented by depth, the default unit ticked and fixed', async () => {
    signIn(['org-unit.org-unit-list', 'location.location-list']);
    await show();
    const units = within(await screen.findByTestId('pick-org-units'));
    const root = await units.findByRole('checkbox', { name: /ACME/ });
    expect(root).toHaveProperty('checked', true);
    expect(root).toHaveProperty('disabled', true);
    const depth = (name: string) =>
      (units.getByRole('checkbox', { name }).closest('label') as HTMLElement).style.getPropertyValue('--depth');
    expect([depth('Produktion'), depth('Montage')]).toEqual(['1', '2']);
    fireEvent.click(units.getByRole('checkbox', { name: 'Montage' }));
    expect(chosen.units).toEqual(['10000000-0000-4000-8000-000000000003']);
    expect(units.getByText('1 selected')).toBeTruthy();
  });

  it('lists the locations of the location list call with their towns, and ticks them', async () => {
    signIn(['org-unit.org-unit-list', 'location.location-list']);
    await show(['20000000-0000-4000-8000-000000000003']);
    const locations = within(await screen.findByTestId('pick-locations'));
    const south = await locations.findByRole('checkbox', { name: /Werk Süd/ });
    expect(locations.getByText('München')).toBeTruthy();
    fireEvent.click(south);
    fireEvent.click(locations.getByRole('checkbox', { name: /Werk Nord/ }));
    expect(chosen.locations).toEqual(['20000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000001']);
    // A location the member is responsible for stays ticked: the locations screen changes responsibility.
    const head = locations.getByRole('checkbox', { name: /Zentrale/ });
    expect(head).toHaveProperty('checked', true);
    expect(head).toHaveProperty('disabled', true);
    expect(locations.getByText(/Köln · responsible/)).toBeTruthy();
    // The contract's table request: the largest page, sorted by name.
    expect(requests.find((request) => request.path.includes('location'))?.body).toEqual({
      filter: {},
      page: 1,
      perPage: 100,
      sortBy: 'name',
      sortDirection: 'asc',
    });
  });

  it('asks only for what the role may read', async () => {
    signIn(['org-unit.org-unit-list']);
    await show();
    await screen.findByRole('checkbox', { name: 'Montage' });
    expect(screen.queryByTestId('pick-locations')).toBeNull();
    expect(requests.map((request) => request.path).filter((path) => path.includes('location'))).toEqual([]);
  });

  it('says so when the choices cannot be loaded', async () => {
    signIn(['org-unit.org-unit-list', 'location.location-list']);
    fetchMock.mockImplementationOnce(async () => Response.json({}, { status: 500 }));
    fetchMock.mockImplementationOnce(async () => Response.json({}, { status: 500 }));
    await show();
    expect(await screen.findAllByText('The choices cannot be loaded right now.')).toHaveLength(2);
  });
});
