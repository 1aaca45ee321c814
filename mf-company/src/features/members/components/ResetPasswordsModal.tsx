import { FormError, inlineErrorText, Modal, SelectField, showToast } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResetMode, useResetPasswords } from '../api/resetPasswords';
import './memberForm.css';

const MODES: readonly ResetMode[] = ['neverLoggedIn', 'noPassword', 'all'];

/** "Reset passwords" modal: mails to all, never signed-in or password-less members; once per 10 minutes. */
export function ResetPasswordsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const reset = useResetPasswords();
  const [mode, setMode] = useState<ResetMode>('neverLoggedIn');
  // The refusal (above all the 10-minute rule, Client.InvalidLastResetDate) stays in the modal beside its cause.
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      headline={t('members.reset.title')}
      width={40}
      testId="reset-passwords-modal"
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={close}>
            {t('common:common.cancel')}
          </button>
          <button
            type="button"
            className="ui-button company-soft-disabled"
            // aria-disabled, not disabled: a disabled button loses the focus, and Escape would no longer reach the modal.
            aria-disabled={reset.isPending}
            onClick={() => {
              if (reset.isPending) return;
              setError(null);
              reset.mutate(mode, {
                onSuccess: (answer) => {
                  showToast({
                    type: 'success',
                    title: t('members.reset.title'),
                    message: t('members.reset.done', { count: answer.count }),
                  });
                  close();
                },
                onError: (caught) => setError(inlineErrorText(t, caught)),
              });
            }}
          >
            {t('members.reset.submit')}
          </button>
        </>
      }
    >
      <FormError error={error} testId="reset-passwords-error" />
      <p>{t('members.reset.text')}</p>
      <SelectField
        label={t('members.reset.mode')}
        value={mode}
        onChange={(value) => setMode(value as ResetMode)}
        options={MODES.map((value) => ({ value, label: t(`members.reset.modes.${value}`) }))}
      />
    </Modal>
  );
}
