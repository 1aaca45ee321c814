import type { RiskAssessmentSettings } from '@dash/shared-core';
import { localized } from '@dash/shared-core';
import {
  CheckboxField,
  DateField,
  FormActions,
  FormError,
  inlineErrorText,
  SelectField,
  showToast,
  TextField,
  useForm,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTypeList } from '../api/getTypeList';
import { useSaveSettings } from '../api/saveSettings';

/** Title, type, due date and active: new (no settings) or existing; the type is fixed once assigned. */
export function SettingsForm({
  settings,
  onSaved,
  actions,
}: {
  settings?: RiskAssessmentSettings;
  onSaved: (uuid: string) => void;
  actions?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('riskAssessments');
  const types = useTypeList();
  const save = useSaveSettings();
  const [active, setActive] = useState(settings?.active ?? true);
  const form = useForm({
    initialValues: { title: settings?.title ?? '', type: settings?.type ?? '', dueDate: settings?.dueDate ?? '' },
    fields: { title: { required: true }, type: { required: true } },
    errorText: (caught) => inlineErrorText(t, caught),
    send: async (values) => {
      const { uuid } = await save.mutateAsync({
        uuid: settings?.uuid,
        title: values.title.trim(),
        type: values.type,
        dueDate: values.dueDate || null,
        active,
      });
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t(settings ? 'settings.saved' : 'settings.created'),
      });
      onSaved(uuid);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <FormError error={form.error} />
      <TextField label={t('settings.title')} maxLength={200} {...form.field('title')} />
      <SelectField
        label={t('settings.type')}
        placeholder={t('settings.choose')}
        disabled={settings?.typeLocked}
        options={(types.data?.items ?? []).map((type) => ({
          value: type.identifier,
          label: `${localized(type.title, i18n.language)} (${t(`kinds.${type.kind}`)})`,
        }))}
        {...form.field('type')}
      />
      {settings?.typeLocked && <p className="ra-hint">{t('settings.typeLocked')}</p>}
      <DateField label={t('settings.dueDate')} {...form.field('dueDate')} />
      <CheckboxField label={t('settings.active')} checked={active} onChange={setActive} name="active" />
      <FormActions label={t(settings ? 'settings.save' : 'settings.create')} disabled={form.busy}>
        {actions}
      </FormActions>
    </form>
  );
}
