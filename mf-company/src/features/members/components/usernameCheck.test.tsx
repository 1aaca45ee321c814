// @vitest-environment jsdom
import { i18n, loadAllRoutes } from '@dash/shared-core';
import { useForm } from '@dash/shared-ui';
import { initTestI18n } from '@dash/shared-ui/test/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import company_en from '../../../i18n/en_GB';
import { MEMBER_FIELD_RULES, MemberFormFields, USERNAME_CHECK_DELAY_MS, useUsernameTaken } from './MemberFormFields';
import { EMPTY_MEMBER_FORM } from './memberFormValues';

/** The add modal's fields with its username check, as AddMemberModal wires them (askAgain: its refused creates). */
function AddFields({ askAgain = 0 }: { askAgain?: number }) {
  const form = useForm({ initialValues: EMPTY_MEMBER_FORM, fields: MEMBER_FIELD_RULES, send: async () => {} });
  const taken = useUsernameTaken(form.values.username, undefined, undefined, askAgain);
  return <MemberFormFields form={form} usernameTaken={taken} generateName />;
}

/** The requests the page sent to the username check, with their bodies. */
const checks = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('checkusername'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { username: string });

const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
  Response.json({ usernameExists: true }),
);

beforeAll(async () => {
  // As the signed-in frame does: the areas' calls are there before the first keystroke.
  await loadAllRoutes();
  await initTestI18n();
  i18n.addResourceBundle('en_GB', 'company', company_en);
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  // The XSRF cookie is there already: the only request is the check itself.
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the XSRF cookie the way the server would
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  cleanup();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the username check of the add-member form', () => {
  it('asks nothing before 250 ms after the last keystroke, then once, and shows "already taken"', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <AddFields />
      </I18nextProvider>,
    );
    const field = screen.getByLabelText(/Username/);
    // Typing one letter every 200 ms: each keystroke restarts the wait, so nothing is sent while typing goes on.
    for (const value of ['m', 'ma', 'mar', 'mara']) {
      fireEvent.change(field, { target: { value } });
      act(() => vi.advanceTimersByTime(200));
    }
    expect(checks()).toEqual([]);
    act(() => vi.advanceTimersByTime(USERNAME_CHECK_DELAY_MS - 200 - 1));
    expect(checks()).toEqual([]);
    expect(screen.queryByTestId('username-taken')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(checks()).toEqual([{ username: 'mara' }]);
    expect(USERNAME_CHECK_DELAY_MS).toBe(250);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByTestId('username-taken').textContent).toMatch(/already/i);
    expect(checks()).toHaveLength(1);
  });

  it('checks the username generated from the names too, and says nothing when it is free', async () => {
    fetchMock.mockImplementation(async () => Response.json({ usernameExists: false }));
    render(
      <I18nextProvider i18n={i18n}>
        <AddFields />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Jürgen' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Öztürk' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(USERNAME_CHECK_DELAY_MS);
    });
    expect(checks()).toEqual([{ username: 'juergen.oeztuerk' }]);
    expect(screen.queryByTestId('username-taken')).toBeNull();
  });

  it('asks again for the same name after a refused create (it may have held the name for a moment)', async () => {
    fetchMock.mockImplementation(async () => Response.json({ usernameExists: true }));
    const view = render(
      <I18nextProvider i18n={i18n}>
        <AddFields />
      </I18nextProvider>,
    );
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'svenja.sms' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(USERNAME_CHECK_DELAY_MS);
    });
    expect(screen.getByTestId('username-taken')).toBeTruthy();
    fetchMock.mockImplementation(async () => Response.json({ usernameExists: false }));
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <AddFields askAgain={1} />
      </I18nextProvider>,
    );
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(checks()).toEqual([{ username: 'svenja.sms' }, { username: 'svenja.sms' }]);
    expect(screen.queryByTestId('username-taken')).toBeNull();
  });
});
