import { FIRST_EXECUTION_BUFFER_DAYS, hasAnyPermission, localIsoDate, REPEAT_INTERVAL_MONTHS } from '@dash/shared-core';
import {
  CheckboxField,
  DateField,
  FormActions,
  FormError,
  inlineErrorText,
  SelectField,
  Spinner,
  showToast,
  useForm,
  useMemberState,
} from '@dash/shared-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useElearningSettings } from '../api/getSettings';
import { useSaveSettings } from '../api/saveSettings';

type Values = {
  active: string;
  dueDate: string;
  firstExecutionBufferDays: string;
  repeatIntervalMonths: string;
  activateOn: string;
  deactivateOn: string;
};

/** Task settings (spec section 3): due date, first-execution buffer, repeat interval, activate-on/deactivate-on. */
export function SettingsTab({ uuid }: { uuid: string }) {
  const query = useElearningSettings(uuid);
  if (query.isPending) return <Spinner />;
  if (!query.data) return null;
  const settings = query.data;
  return (
    <SettingsForm
      key={JSON.stringify(settings)}
      uuid={uuid}
      state={settings.state}
      initialValues={{
        active: settings.active ? 'true' : '',
        dueDate: settings.dueDate ?? '',
        firstExecutionBufferDays: String(settings.firstExecutionBufferDays),
        repeatIntervalMonths: String(settings.repeatIntervalMonths),
        activateOn: settings.activateOn ?? '',
        deactivateOn: settings.deactivateOn ?? '',
      }}
    />
  );
}

function SettingsForm({ uuid, state, initialValues }: { uuid: string; state: string; initialValues: Values }) {
  const { t } = useTranslation('elearnings');
  const save = useSaveSettings();
  const canSave = hasAnyPermission(useMemberState()?.member.permissions ?? [], ['elearning.save-settings']);
  // The deactivation rule compares with the activation date as typed (read through a ref: the rules come first).
  const latest = useRef(initialValues);
  const form = useForm<Values>({
    initialValues,
    fields: {
      // Deactivation must come after activation (the server answers Elearning.InvalidDate as well).
      deactivateOn: {
        rules: [
          (value) => {
            const activateOn = latest.current.activateOn;
            return value && activateOn && value <= activateOn ? { key: 'minDate', params: { min: activateOn } } : null;
          },
        ],
      },
    },
    send: async (values) => {
      const saved = await save.mutateAsync({
        uuid,
        active: values.active === 'true',
        dueDate: values.dueDate || null,
        firstExecutionBufferDays: Number(values.firstExecutionBufferDays) as 0 | 7 | 14 | 30 | 60 | 90,
        repeatIntervalMonths: Number(values.repeatIntervalMonths),
        activateOn: values.activateOn || null,
        deactivateOn: values.deactivateOn || null,
      });
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('settings.saved', { count: saved.changedTaskCount ?? 0 }),
      });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  latest.current = form.values;
  const dueDateChanged = form.values.dueDate !== initialValues.dueDate;
  return (
    <form className="ui-card elearning-form" onSubmit={form.onSubmit} noValidate data-testid="elearning-settings">
      <FormError error={form.error} testId="settings-error" />
      <p className="elearning-hint">
        {t('settings.state')}: <strong data-testid="settings-state">{t(`state.${state}`)}</strong>
      </p>
      <CheckboxField
        label={t('settings.active')}
        checked={form.values.active === 'true'}
        onChange={(checked) => form.set('active')(checked ? 'true' : '')}
        disabled={!canSave}
        name="active"
      />
      <DateField
        label={t('settings.dueDate')}
        {...form.field('dueDate')}
        min={dueDateChanged ? localIsoDate() : undefined}
        disabled={!canSave}
      />
      <SelectField
        label={t('settings.buffer')}
        {...form.field('firstExecutionBufferDays')}
        options={FIRST_EXECUTION_BUFFER_DAYS.map((days) => ({
          value: String(days),
          label: days === 0 ? t('settings.bufferNow') : t('settings.bufferDays', { count: days }),
        }))}
        disabled={!canSave}
      />
      <SelectField
        label={t('settings.repeat')}
        {...form.field('repeatIntervalMonths')}
        options={REPEAT_INTERVAL_MONTHS.map((months) => ({
          value: String(months),
          label: months === 0 ? t('settings.repeatOnce') : t('settings.repeatMonths', { count: months }),
        }))}
        disabled={!canSave}
      />
      <DateField label={t('settings.activateOn')} {...form.field('activateOn')} disabled={!canSave} />
      <DateField label={t('settings.deactivateOn')} {...form.field('deactivateOn')} disabled={!canSave} />
      <p className="elearning-hint">{t('settings.rulesHint')}</p>
      {canSave && <FormActions label={t('settings.save')} disabled={form.busy} />}
    </form>
  );
}
