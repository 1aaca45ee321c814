import { FormError, inlineErrorText, SelectField, showToast } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResetMode, useResetPasswords } from '../api/resetPasswords';

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
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('members.reset.title')}
      width={40}
      testId="reset-passwords-modal"
      confirmLabel={t('members.reset.submit')}
      busy={reset.isPending}
      onConfirm={async () => {
        setError(null);
        try {
          const answer = await reset.mutateAsync(mode);
          showToast({
            type: 'success',
            title: t('members.reset.title'),
            message: t('members.reset.done', { count: answer.count }),
          });
          close();
        } catch (caught) {
          setError(inlineErrorText(t, caught));
        }
      }}
    >
      <FormError error={error} testId="reset-passwords-error" />
      <p>{t('members.reset.text')}</p>
      <SelectField
        label={t('members.reset.mode')}
        value={mode}
        onChange={(value) => setMode(value as ResetMode)}
        options={MODES.map((value) => ({ value, label: t(`members.reset.modes.${value}`) }))}
      />
    </ConfirmDialog>
  );
}
