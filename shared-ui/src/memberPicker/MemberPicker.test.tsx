// @vitest-environment jsdom
import { api, i18n, type MemberListItem, type MemberState } from '@dash/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_DEBOUNCE_MS } from '../hooks/useDebouncedValue';
import { useSessionStore } from '../session/sessionStore';
import { initTestI18n } from '../test/i18n';
import { AssignMembersModal } from './AssignMembersModal';
import { MemberPicker } from './MemberPicker';
import { type PickedMember, readSetMembers } from './memberSources';

const ADMIN_PERMISSIONS = [
  'member-list.get-list',
  'org-unit.org-unit-list',
  'member-group.read-list',
  'member-group.read-member-list',
  'location.location-list',
];

function member(index: number, overrides: Partial<MemberListItem> = {}): MemberListItem {
  return {
    uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    username: `member${index}`,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: null,
    role: 'member',
    status: 'active',
    lastLoginAt: null,
    ...overrides,
  };
}
const MARA = member(1, { username: 'member', firstName: 'Mara', lastName: 'Mitarbeiter' });
const ARNE = member(2, { username: 'arne', firstName: 'Arne', lastName: 'Adler' });
const SALES = { uuid: 'a0000000-0000-4000-8000-000000000001', orgUnitName: 'Sales', memberCount: 150 };
/** The 150 members of Sales, Mara among them. */
const SALES_MEMBERS = [MARA, ...Array.from({ length: 149 }, (_, index) => member(100 + index))];

type Body = Record<string, unknown> & { filter?: Record<string, unknown>; page?: number; perPage?: number };
let call: ReturnType<typeof vi.spyOn>;
/** The API calls made so far: endpoint and body. */
const calls = () => call.mock.calls as [string, Body][];
/** Answers like the server: the member list filters by search and org unit and pages. */
function fakeServer(id: string, body: Body) {
  const page = (items: MemberListItem[]) => {
    const start = ((body.page ?? 1) - 1) * (body.perPage ?? 25);
    return { items: items.slice(start, start + (body.perPage ?? 25)), total: items.length };
  };
  if (id === 'memberList') {
    if (body.filter?.orgUnitUuid === SALES.uuid) return page(SALES_MEMBERS);
    const search = String(body.filter?.search ?? '').toLowerCase();
    return page([MARA, ARNE].filter((entry) => `${entry.firstName} ${entry.lastName}`.toLowerCase().includes(search)));
  }
  if (id === 'orgUnitList') return { items: [SALES], total: 1 };
  if (id === 'memberGroupList' || id === 'locationList') return { items: [], total: 0 };
  throw new Error(`unexpected call ${id}`);
}

function signIn(permissions: string[]) {
  useSessionStore.getState().signedIn({
    member: { uuid: 'm', email: 'admin@example.com', roleIdentifier: 'admin', permissions },
    featureFlags: {},
  } as unknown as MemberState);
}

beforeAll(async () => {
  await initTestI18n();
});
beforeEach(() => {
  signIn(ADMIN_PERMISSIONS);
  call = vi
    .spyOn(api, 'call')
    .mockImplementation(async (id: string, body?: unknown) => fakeServer(id, (body ?? {}) as Body) as never);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function withProviders(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nextProvider>,
  );
}

function Picker({ exclude, sets = true, onChange }: { exclude?: string[]; sets?: boolean; onChange?: () => void }) {
  const [value, setValue] = useState<PickedMember[]>([]);
  return (
    <>
      <MemberPicker
        label="Members"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.();
        }}
        exclude={exclude}
        sets={sets}
      />
      <output data-testid="picked">{value.map((entry) => entry.username).join(',')}</output>
    </>
  );
}

const combobox = () => screen.getByRole('combobox');
const picked = () => screen.getByTestId('picked').textContent?.split(',').filter(Boolean) ?? [];
const type = (text: string) => fireEvent.change(combobox(), { target: { value: text } });

describe('MemberPicker', () => {
  it('asks the server only 250 ms after typing stops, once for the last text', async () => {
    vi.useFakeTimers();
    withProviders(<Picker sets={false} />);
    type('ma');
    await act(async () => vi.advanceTimersByTime(TYPEAHEAD_DEBOUNCE_MS - 50));
    type('mara');
    await act(async () => vi.advanceTimersByTime(TYPEAHEAD_DEBOUNCE_MS - 1));
    expect(call).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toBe('memberList');
    expect(call.mock.calls[0]?.[1]).toMatchObject({ filter: { search: 'mara', status: 'all' } });
  });

  it('picks several members one after the other, by click and by keyboard, and never offers a picked one again', async () => {
    withProviders(<Picker />);
    type('mara');
    fireEvent.click(await screen.findByRole('option', { name: /Mitarbeiter, Mara/ }));
    expect(picked()).toEqual(['member']);
    // The search starts again in the same picker: nothing closed.
    expect(combobox()).toHaveProperty('value', '');
    expect(document.activeElement).toBe(combobox());
    type('a');
    await screen.findByRole('option', { name: /Adler, Arne/ });
    expect(screen.queryByRole('option', { name: /Mitarbeiter, Mara/ })).toBeNull();
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(picked()).toEqual(['member', 'arne']);
    expect(screen.getByText('2 members selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mara Mitarbeiter from the selection' }));
    expect(picked()).toEqual(['arne']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(picked()).toEqual([]);
  });

  it('adds all members of a whole org unit at once (read page by page), leaving out excluded and picked ones', async () => {
    withProviders(<Picker exclude={[SALES_MEMBERS[1]?.uuid as string]} />);
    type('mara');
    fireEvent.click(await screen.findByRole('option', { name: /Mitarbeiter, Mara/ }));
    type('sal');
    const unit = await screen.findByRole('option', { name: /Sales all 150 members/ });
    expect(screen.getByRole('group', { name: 'Whole org unit' })).toBeTruthy();
    fireEvent.click(unit);
    await waitFor(() => expect(picked()).toHaveLength(149));
    expect(picked()).not.toContain(SALES_MEMBERS[1]?.username);
    expect(screen.getByTestId('member-picker-notice').textContent).toBe('148 members of “Sales” added.');
    const pages = calls().filter(([id, body]) => id === 'memberList' && body.filter?.orgUnitUuid);
    expect(pages.map(([, body]) => body.page)).toEqual([1, 2]);
    expect(pages[0]?.[1]).toMatchObject({ perPage: 100, filter: { orgUnitUuid: SALES.uuid, status: 'all' } });
  });

  it('offers only the sets the reader may list', async () => {
    signIn(['member-list.get-list']);
    withProviders(<Picker />);
    type('sal');
    await waitFor(() => expect(call).toHaveBeenCalled());
    await screen.findByText('No matches.');
    expect(calls().map(([id]) => id)).toEqual(['memberList']);
    // A listbox may hold options only (axe: aria-required-children): the message stands beside it.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('in its one-member mode replaces the pick, offers no sets and shows no count', async () => {
    function Single() {
      const [value, setValue] = useState<PickedMember[]>([]);
      return (
        <>
          <MemberPicker label="Responsible" value={value} onChange={setValue} single required sets />
          <output data-testid="picked">{value.map((entry) => entry.username).join(',')}</output>
        </>
      );
    }
    withProviders(<Single />);
    expect(combobox().getAttribute('aria-required')).toBe('true');
    type('mara');
    fireEvent.click(await screen.findByRole('option', { name: /Mitarbeiter, Mara/ }));
    type('arne');
    fireEvent.click(await screen.findByRole('option', { name: /Adler, Arne/ }));
    expect(picked()).toEqual(['arne']);
    expect(screen.queryByText(/selected/)).toBeNull();
    expect(calls().map(([id]) => id)).not.toContain('orgUnitList');
  });

  it('closes the list at once when a pick clears the search, before the debounced text catches up', async () => {
    withProviders(<Picker sets={false} />);
    type('mitarb');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    await screen.findByRole('option', { name: /Mitarbeiter, Mara/ });
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(picked()).toEqual(['member']);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByText('No matches.')).toBeNull();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('readSetMembers', () => {
  it('refuses a set larger than the limit after its first page', async () => {
    expect(await readSetMembers({ kind: 'orgUnit', uuid: SALES.uuid }, 'all', 100)).toEqual({
      kind: 'tooMany',
      total: 150,
    });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("leaves a group's inactive members out for an active-only picker, and still reads every page", async () => {
    const members = Array.from({ length: 120 }, (_, index) =>
      member(index, { status: index % 2 === 0 ? 'active' : 'inactive' }),
    );
    call.mockImplementation(async (_id: string, body?: unknown) => {
      const page = (body as Body).page ?? 1;
      return { items: members.slice((page - 1) * 100, page * 100), total: members.length } as never;
    });
    const answer = await readSetMembers({ kind: 'group', uuid: SALES.uuid }, 'active');
    expect(answer.kind === 'members' && answer.members.length).toBe(60);
    expect(calls().map(([id]) => id)).toEqual(['memberGroupMemberList', 'memberGroupMemberList']);
  });
});

describe('AssignMembersModal', () => {
  function Page({ onAssign }: { onAssign: (uuids: string[]) => Promise<void> }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <AssignMembersModal open={open} onClose={() => setOpen(false)} headline="Assign members" onAssign={onAssign} />
        <output data-testid="open">{String(open)}</output>
      </>
    );
  }

  it('assigns the picked members in one call and closes; a failure keeps the picks for another try', async () => {
    const onAssign = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    withProviders(<Page onAssign={onAssign} />);
    const submit = () => screen.getByRole('button', { name: /^Assign \d+ members?$/ });
    expect(submit()).toHaveProperty('disabled', true);
    type('mara');
    fireEvent.click(await screen.findByRole('option', { name: /Mitarbeiter, Mara/ }));
    type('arne');
    fireEvent.click(await screen.findByRole('option', { name: /Adler, Arne/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 members' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(screen.getByTestId('open').textContent).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 members' }));
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
    expect(onAssign).toHaveBeenLastCalledWith([MARA.uuid, ARNE.uuid]);
  });
});
