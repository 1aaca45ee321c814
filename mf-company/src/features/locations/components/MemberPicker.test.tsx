// @vitest-environment jsdom
import { api, i18n, type MemberListItem, type PersonRef } from '@dash/shared-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../../shared-ui/src/test/i18n';
import company_en from '../../../i18n/en_GB';
import { MEMBER_SEARCH_DEBOUNCE_MS, MemberPicker } from './MemberPicker';

const MARA: MemberListItem = {
  uuid: '6f1c2c4e-8d1a-4c55-9a57-6a0c8f0e2b11',
  username: 'member',
  firstName: 'Mara',
  lastName: 'Mitarbeiter',
  email: 'member@acme.example',
  role: 'member',
  status: 'active',
  lastLoginAt: null,
};

function Picker({ onChange }: { onChange: (selected: PersonRef[]) => void }) {
  const [selected, setSelected] = useState<PersonRef[]>([]);
  return (
    <MemberPicker
      label="Responsible persons"
      selected={selected}
      onChange={(next) => {
        setSelected(next);
        onChange(next);
      }}
    />
  );
}

let call: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('en_GB', 'company', company_en);
});
beforeEach(() => {
  vi.useFakeTimers();
  call = vi.spyOn(api, 'call').mockResolvedValue({ items: [MARA], total: 1 } as never);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderPicker(onChange = vi.fn()) {
  const client = new QueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Picker onChange={onChange} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onChange;
}

describe('MemberPicker (typeahead over the member list)', () => {
  it('asks the server only 250 ms after typing stops, once for the last text', async () => {
    renderPicker();
    const search = screen.getByLabelText('Search members');
    fireEvent.change(search, { target: { value: 'ma' } });
    await act(async () => vi.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: 'mara' } });
    await act(async () => vi.advanceTimersByTime(MEMBER_SEARCH_DEBOUNCE_MS - 1));
    expect(call).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[0]).toBe('memberList');
    expect(call.mock.calls[0]?.[1]).toMatchObject({ filter: { search: 'mara' } });
  });

  it('ticking a result chooses the person; the chosen entry removes it again', async () => {
    vi.useRealTimers();
    const onChange = renderPicker();
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'mara' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Mitarbeiter, Mara/ }));
    expect(onChange).toHaveBeenLastCalledWith([{ uuid: MARA.uuid, firstName: 'Mara', lastName: 'Mitarbeiter' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mara Mitarbeiter' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
