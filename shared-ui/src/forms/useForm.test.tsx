// @vitest-environment jsdom
import { ApiError, i18n, password } from '@dash/shared-core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Fragment } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { FormError, inlineErrorText } from './FormError';
import { TextField } from './TextField';
import { useForm } from './useForm';

type Send = (values: { name: string; secret: string; check: string }) => Promise<void>;

function PasswordForm({ send, blocked }: { send: Send; blocked?: boolean }) {
  const { t } = useTranslation('common');
  const form = useForm({
    initialValues: { name: '', secret: '', check: '' },
    fields: { name: { required: true }, secret: { required: true, rules: [password] } },
    canSubmit: (values) => values.check === values.secret,
    send: async (values) => {
      await send(values);
      form.reset();
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit({ blocked });
      }}
      noValidate
    >
      <FormError error={form.error} testId="form-error" />
      <Fragment key={form.generation}>
        <TextField label="Name" {...form.field('name')} />
        <TextField label="Secret" {...form.field('secret')} />
        <TextField label="Check" {...form.field('check')} />
      </Fragment>
      <button type="submit" disabled={form.busy}>
        Send
      </button>
      <output data-testid="submitted">{String(form.submitted)}</output>
    </form>
  );
}

function renderForm(send: Send, blocked?: boolean) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PasswordForm send={send} blocked={blocked} />
    </I18nextProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills every field validly, the confirmation with `check`, and submits. */
function fillAndSend(check = 'Safety#2026') {
  type('Name', 'anna');
  type('Secret', 'Safety#2026');
  type('Check', check);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe('useForm', () => {
  it('shows no error before a submit, then every failing rule, and sends nothing', async () => {
    const send = vi.fn<Send>(async () => undefined);
    renderForm(send);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText('The field "Name" is required')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('blocks a submit when a cross-field check or the caller says no', async () => {
    const send = vi.fn<Send>(async () => undefined);
    const { unmount } = renderForm(send);
    fillAndSend('Safety#2027');
    await waitFor(() => expect(screen.getByTestId('submitted').textContent).toBe('true'));
    expect(send).not.toHaveBeenCalled();
    unmount();

    renderForm(send, true);
    fillAndSend();
    await waitFor(() => expect(screen.getByTestId('submitted').textContent).toBe('true'));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values once, is busy meanwhile, and a reset empties the fields and makes them untouched', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn<Send>(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm(send);
    fillAndSend();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true));
    expect(send).toHaveBeenCalledWith({ name: 'anna', secret: 'Safety#2026', check: 'Safety#2026' });
    await act(async () => finish());
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(screen.getByTestId('submitted').textContent).toBe('false');
    // Untouched again: the emptied fields do not complain until touched or submitted.
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("shows a failed call's code message above the form and keeps the values", async () => {
    const send = vi.fn<Send>(async () => {
      throw new ApiError(400, 'Password.Invalid', 'profileChangePassword');
    });
    renderForm(send);
    fillAndSend();
    expect((await screen.findByTestId('form-error')).textContent).toBe(i18n.t('common:errors.codes.Password.Invalid'));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('anna');
  });
});

describe('inlineErrorText', () => {
  it("prefers the code's own message, also on a 403, then the status text, then the network text", () => {
    const t = i18n.getFixedT('en_GB');
    expect(inlineErrorText(t, new ApiError(403, 'SupportLogin.NotAllowed', 'supportLogin'))).toBe(
      t('common:errors.codes.SupportLogin.NotAllowed'),
    );
    expect(inlineErrorText(t, new ApiError(403, 'Nothing.Known', 'supportLogin'))).toBe(t('common:errors.http.403'));
    expect(inlineErrorText(t, new Error('offline'))).toBe(t('common:errors.http.0'));
  });
});
