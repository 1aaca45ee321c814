import type { SsoConfiguration } from '@dash/shared-core';
import { SSO_LOGIN_MODES, type SsoLoginMode } from '@dash/shared-core/calls';
import {
  CheckboxField,
  FormActions,
  FormError,
  inlineErrorText,
  SelectField,
  Spinner,
  showToast,
  TextField,
  useForm,
} from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSsoConfiguration } from '../api/getSsoConfiguration';
import { useRemoveSsoConfiguration } from '../api/removeSsoConfiguration';
import { useUpdateSsoConfiguration } from '../api/updateSsoConfiguration';

/**
 * Single sign-on with the company's own OpenID Connect provider (Entra ID, Okta, Google, Keycloak): issuer, client
 * ID and secret, the button's name and how members sign in; the addresses to register at the provider beside them.
 */
export function SsoConfigurationCard() {
  const { t } = useTranslation('company');
  const query = useSsoConfiguration();
  return (
    <section className="ui-card" aria-labelledby="company-sso" data-testid="company-sso">
      <h2 id="company-sso" className="company-heading">
        {t('settings.sso.title')}
      </h2>
      <p className="company-note">{t('settings.sso.hint')}</p>
      {query.isPending ? (
        <Spinner />
      ) : query.data ? (
        <SsoForm key={JSON.stringify(query.data)} configuration={query.data} />
      ) : (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      )}
    </section>
  );
}

function SsoForm({ configuration }: { configuration: SsoConfiguration }) {
  const { t } = useTranslation('company');
  const update = useUpdateSsoConfiguration();
  const [loginMode, setLoginMode] = useState<SsoLoginMode>(configuration.configured ? configuration.loginMode : 'both');
  const [removing, setRemoving] = useState(false);
  const [createMembers, setCreateMembers] = useState(configuration.createMembers);
  const form = useForm({
    initialValues: {
      issuer: configuration.issuer ?? '',
      clientId: configuration.clientId ?? '',
      clientSecret: '',
      providerName: configuration.providerName ?? '',
    },
    fields: {
      issuer: { required: true },
      clientId: { required: true },
      // Kept secrets are never shown: empty keeps the one kept, unless the provider or client ID changes.
      clientSecret: { required: !configuration.clientSecretSet },
      providerName: { required: true },
    },
    send: async (values) => {
      await update.mutateAsync({
        issuer: values.issuer,
        clientId: values.clientId,
        clientSecret: values.clientSecret.trim() === '' ? null : values.clientSecret,
        providerName: values.providerName,
        loginMode,
        createMembers,
      });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('settings.sso.saved') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="company-sso-form">
      <FormError error={form.error} testId="company-sso-error" />
      <TextField
        label={t('settings.sso.issuer')}
        type="url"
        placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
        {...form.field('issuer')}
      />
      <TextField label={t('settings.sso.clientId')} autoComplete="off" {...form.field('clientId')} />
      <TextField
        label={t('settings.sso.clientSecret')}
        type="password"
        autoComplete="new-password"
        placeholder={configuration.clientSecretSet ? t('settings.sso.secretKept') : undefined}
        {...form.field('clientSecret')}
      />
      <TextField label={t('settings.sso.providerName')} placeholder="Microsoft" {...form.field('providerName')} />
      <SelectField
        label={t('settings.sso.loginMode')}
        name="loginMode"
        value={loginMode}
        onChange={(value) => setLoginMode(value as SsoLoginMode)}
        options={SSO_LOGIN_MODES.map((mode) => ({ value: mode, label: t(`settings.sso.modes.${mode}`) }))}
      />
      <CheckboxField
        label={t('settings.sso.createMembers')}
        checked={createMembers}
        onChange={setCreateMembers}
        name="createMembers"
      />
      <p className="company-note">{t('settings.sso.createMembersHint')}</p>
      <dl className="company-sso__addresses">
        <dt>{t('settings.sso.redirectUri')}</dt>
        <dd>
          <code data-testid="sso-redirect-uri">{configuration.redirectUri}</code>
        </dd>
        <dt>{t('settings.sso.postLogoutRedirectUri')}</dt>
        <dd>
          <code>{configuration.postLogoutRedirectUri}</code>
        </dd>
      </dl>
      {configuration.configured && (
        <p className="company-note" data-testid="sso-linked">
          {t('settings.sso.linked', { count: configuration.linkedMembers })}
        </p>
      )}
      <FormActions label={t('common:common.save')} disabled={form.busy}>
        {configuration.configured && (
          <button type="button" className="ui-button ui-button--ghost" onClick={() => setRemoving(true)}>
            {t('settings.sso.remove')}
          </button>
        )}
      </FormActions>
      <RemoveSsoDialog open={removing} onClose={() => setRemoving(false)} />
    </form>
  );
}

function RemoveSsoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const remove = useRemoveSsoConfiguration();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('settings.sso.removeTitle')}
      text={t('settings.sso.removeText')}
      confirmLabel={t('settings.sso.remove')}
      variant="danger"
      testId="remove-sso-dialog"
      onConfirm={async () => {
        await remove.mutateAsync();
        showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('settings.sso.removed') });
        onClose();
      }}
    />
  );
}
