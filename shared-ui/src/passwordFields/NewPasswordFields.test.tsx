// @vitest-environment jsdom
import { i18n } from '@dash/shared-core';
import { useForm } from '@dash/shared-ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { NewPasswordFields, newPasswordRules } from './NewPasswordFields';

type Values = { old: string; new: string; repeat: string };

function ChangePasswordForm({ send, withOld }: { send: (values: Values) => Promise<void>; withOld: boolean }) {
  const rules = newPasswordRules({
    newPassword: () => form.values.new,
    oldPassword: withOld ? () => form.values.old : undefined,
  });
  const form = useForm<Values>({
    initialValues: { old: '', new: '', repeat: '' },
    fields: { new: rules.newPassword, repeat: rules.repeat },
    send,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <input aria-label="Old" value={form.values.old} onChange={(event) => form.set('old')(event.target.value)} />
      <NewPasswordFields
        newPassword={form.field('new')}
        repeat={form.field('repeat')}
        newPasswordLabel="New password"
        repeatLabel="Repeat"
      />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(withOld = false) {
  const send = vi.fn(async () => undefined);
  render(
    <I18nextProvider i18n={i18n}>
      <ChangePasswordForm send={send} withOld={withOld} />
    </I18nextProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
  return { send, type, alerts, save: () => fireEvent.click(screen.getByRole('button', { name: 'Save' })) };
}

describe('NewPasswordFields', () => {
  beforeAll(async () => {
    await initTestI18n();
    await i18n.changeLanguage('en_GB');
  });
  afterEach(cleanup);

  it('are password inputs for a new password, required, with the password rule', async () => {
    const { send, type, alerts, save } = renderForm();
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('new-password');
    save();
    expect(alerts()).toHaveLength(2);
    type('New password', 'short');
    expect(alerts()[0]).toBe(i18n.t('common:validation.password'));
    save();
    expect(send).not.toHaveBeenCalled();
  });

  it('show the mismatch once the repetition is as long as the password, and send nothing until it matches', async () => {
    const { send, type, alerts, save } = renderForm();
    type('New password', 'Neu#Pass2026');
    type('Repeat', 'Neu#Pass');
    expect(alerts()).toEqual([]);
    type('Repeat', 'Neu#Pass2027');
    expect(alerts()).toEqual([i18n.t('common:validation.shouldMatch')]);
    save();
    expect(send).not.toHaveBeenCalled();
    type('Repeat', 'Neu#Pass2026');
    expect(alerts()).toEqual([]);
    save();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it('refuse the current password as the new one where the form asks for it', async () => {
    const { send, type, alerts, save } = renderForm(true);
    type('Old', 'Safety#2026');
    type('New password', 'Safety#2026');
    type('Repeat', 'Safety#2026');
    save();
    expect(alerts()).toEqual([i18n.t('common:validation.shouldNotMatch')]);
    expect(send).not.toHaveBeenCalled();
  });
});
