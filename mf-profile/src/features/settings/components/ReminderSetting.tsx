import { showToast } from '@dash/shared-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReminderSetting, useUpdateReminderSetting } from '../api/reminderSetting';

/** Reminder e-mails (due in 7 days, overdue, weekly digest): the member switches them off and on here. */
export function ReminderSetting() {
  const { t } = useTranslation('profile');
  const setting = useReminderSetting();
  const update = useUpdateReminderSetting();
  const id = useId();
  const checked = setting.data?.reminderMails ?? true;
  const change = async (reminderMails: boolean) => {
    await update.mutateAsync({ reminderMails });
    showToast({
      type: 'success',
      title: t('common:toast.successTitle'),
      message: t(reminderMails ? 'settings.reminders.on' : 'settings.reminders.off'),
    });
  };
  return (
    <div className="ui-field">
      <span className="ui-field__label" id={`${id}-label`}>
        {t('settings.reminders.label')}
      </span>
      <label htmlFor={id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={setting.isPending || update.isPending}
          onChange={(event) => void change(event.target.checked).catch(() => undefined)}
          data-testid="reminder-mails"
        />
        {t('settings.reminders.checkbox')}
      </label>
      <p style={{ color: 'var(--fg-muted)', margin: '0.25rem 0 0' }}>{t('settings.reminders.hint')}</p>
    </div>
  );
}
