import { type ClientConfiguration, FEATURE_FLAGS, httpUrl } from '@dash/shared-core';
import {
  CheckboxField,
  FormActions,
  FormError,
  inlineErrorText,
  PageHeader,
  Spinner,
  showToast,
  TextField,
  useForm,
  useSessionStore,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../locations/components/locations.css';
import { useClientConfiguration } from '../api/getClientConfiguration';
import { useUpdateClientConfiguration } from '../api/updateClientConfiguration';
import { ScimProvisioningCard } from './ScimProvisioningCard';
import { SsoConfigurationCard } from './SsoConfigurationCard';

/** company/settings/configuration: support login, calendar link, single sign-on, SCIM provisioning, and the apps the licensee switched on. */
export default function CompanyConfigurationPage() {
  const { t } = useTranslation('company');
  const query = useClientConfiguration();
  return (
    <>
      <PageHeader title={t('settings.configuration.title')} />
      {query.isPending ? (
        <Spinner />
      ) : query.data ? (
        <>
          <ConfigurationForm key={JSON.stringify(query.data)} configuration={query.data} />
          <SsoConfigurationCard />
          <ScimProvisioningCard />
          <FeatureFlags configuration={query.data} />
        </>
      ) : (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      )}
    </>
  );
}

function ConfigurationForm({ configuration }: { configuration: ClientConfiguration }) {
  const { t } = useTranslation('company');
  const update = useUpdateClientConfiguration();
  const reload = useSessionStore((state) => state.reload);
  const [supportLoginAllowed, setSupportLoginAllowed] = useState(configuration.supportLoginAllowed);
  const form = useForm({
    initialValues: { externalCalendarHref: configuration.externalCalendarHref ?? '' },
    fields: { externalCalendarHref: { rules: [httpUrl] } },
    send: async (values) => {
      await update.mutateAsync({ supportLoginAllowed, externalCalendarHref: values.externalCalendarHref });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('settings.configuration.saved') });
      // The calendar entry of the sidebar follows the link in the member state.
      await reload();
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <form className="ui-card" onSubmit={form.onSubmit} noValidate data-testid="company-configuration-form">
      <FormError error={form.error} testId="company-configuration-error" />
      <CheckboxField
        label={t('settings.configuration.supportLoginAllowed')}
        checked={supportLoginAllowed}
        onChange={setSupportLoginAllowed}
        name="supportLoginAllowed"
      />
      <p className="company-note">{t('settings.configuration.supportLoginHint')}</p>
      <TextField
        label={t('settings.configuration.externalCalendarHref')}
        type="url"
        placeholder={configuration.licenseeExternalCalendarHref ?? undefined}
        {...form.field('externalCalendarHref')}
      />
      <p className="company-note">
        {configuration.licenseeExternalCalendarHref
          ? t('settings.configuration.calendarHint', { href: configuration.licenseeExternalCalendarHref })
          : t('settings.configuration.calendarHintNone')}
      </p>
      <FormActions label={t('common:common.save')} disabled={form.busy} />
    </form>
  );
}

/** Read-only: the licensee decides which apps a company has. */
function FeatureFlags({ configuration }: { configuration: ClientConfiguration }) {
  const { t } = useTranslation('company');
  return (
    <section className="ui-card" aria-labelledby="company-feature-flags">
      <h2 id="company-feature-flags" className="company-heading">
        {t('settings.configuration.featureFlags')}
      </h2>
      <p className="company-note">{t('settings.configuration.featureFlagsHint')}</p>
      <ul className="company-flags" data-testid="feature-flags">
        {FEATURE_FLAGS.map((flag) => (
          <li key={flag}>
            <span>{t(`settings.configuration.flags.${flag}`)}</span>
            <span
              className={`ui-badge ${configuration.featureFlags[flag] ? 'ui-badge--success' : 'ui-badge--warning'}`}
            >
              {configuration.featureFlags[flag] ? t('settings.configuration.on') : t('settings.configuration.off')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
