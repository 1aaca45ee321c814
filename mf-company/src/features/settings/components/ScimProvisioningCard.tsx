import { formatDate, type Language, type ScimSettings } from '@dash/shared-core';
import { SCIM_GROUP_TARGETS, type ScimGroupTarget } from '@dash/shared-core/calls';
import { FormError, inlineErrorText, SelectField, Spinner, showToast, TextField, useForm } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateScimToken } from '../api/createScimToken';
import { useScimSettings } from '../api/getScimSettings';
import { useRevokeScimToken } from '../api/revokeScimToken';
import { useUpdateScimSettings } from '../api/updateScimSettings';

/**
 * SCIM provisioning (docs/scim.md): the directory (Entra ID, Okta) creates, changes and archives members itself with
 * a token made here; the base URL to enter there, what its groups become, and the tokens with their last use.
 */
export function ScimProvisioningCard() {
  const { t } = useTranslation('company');
  const query = useScimSettings();
  return (
    <section className="ui-card" aria-labelledby="company-scim" data-testid="company-scim">
      <h2 id="company-scim" className="company-heading">
        {t('settings.scim.title')}
      </h2>
      <p className="company-note">{t('settings.scim.hint')}</p>
      {query.isPending ? (
        <Spinner />
      ) : query.data ? (
        <ScimSettingsView settings={query.data} />
      ) : (
        <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
      )}
    </section>
  );
}

function ScimSettingsView({ settings }: { settings: ScimSettings }) {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const update = useUpdateScimSettings();
  const [revoking, setRevoking] = useState<ScimSettings['tokens'][number] | null>(null);
  return (
    <>
      <dl className="company-sso__addresses">
        <dt>{t('settings.scim.baseUrl')}</dt>
        <dd>
          <code data-testid="scim-base-url">{settings.baseUrl}</code>
        </dd>
      </dl>
      <SelectField
        label={t('settings.scim.groupTarget')}
        name="groupTarget"
        value={settings.groupTarget}
        disabled={update.isPending}
        onChange={(value) =>
          update.mutate(
            { groupTarget: value as ScimGroupTarget },
            {
              onSuccess: () =>
                showToast({
                  type: 'success',
                  title: t('common:toast.successTitle'),
                  message: t('settings.scim.saved'),
                }),
            },
          )
        }
        options={SCIM_GROUP_TARGETS.map((target) => ({ value: target, label: t(`settings.scim.targets.${target}`) }))}
      />
      <h3 className="company-heading">{t('settings.scim.tokens')}</h3>
      {settings.tokens.length === 0 ? (
        <p className="company-note">{t('settings.scim.noTokens')}</p>
      ) : (
        <ul className="company-scim__tokens" data-testid="scim-tokens">
          {settings.tokens.map((token) => (
            <li key={token.uuid}>
              <div>
                <strong>{token.label}</strong>
                <span className="company-note">
                  {t('settings.scim.created', {
                    date: formatDate(token.createdAt, language, 'dateTime'),
                    name: token.createdBy,
                  })}
                  {' · '}
                  {token.revokedAt
                    ? t('settings.scim.revokedAt', { date: formatDate(token.revokedAt, language, 'dateTime') })
                    : token.lastUsedAt
                      ? t('settings.scim.lastUsed', { date: formatDate(token.lastUsedAt, language, 'dateTime') })
                      : t('settings.scim.neverUsed')}
                </span>
              </div>
              {!token.revokedAt && (
                <button type="button" className="ui-button ui-button--ghost" onClick={() => setRevoking(token)}>
                  {t('settings.scim.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewTokenForm />
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** A new token: its name, then the token itself, shown this once with a copy button. */
function NewTokenForm() {
  const { t } = useTranslation('company');
  const create = useCreateScimToken();
  const [shown, setShown] = useState<string | null>(null);
  const form = useForm({
    initialValues: { label: '' },
    fields: { label: { required: true } },
    send: async (values) => {
      const answer = await create.mutateAsync({ label: values.label });
      setShown(answer.token);
      form.reset();
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <>
      <form className="company-scim__new" onSubmit={form.onSubmit} noValidate data-testid="scim-token-form">
        <FormError error={form.error} />
        <TextField label={t('settings.scim.label')} placeholder="Microsoft Entra ID" {...form.field('label')} />
        <button type="submit" className="ui-button" disabled={form.busy}>
          {t('settings.scim.create')}
        </button>
      </form>
      {shown && (
        <div className="ui-alert ui-alert--success" role="status" data-testid="scim-new-token">
          <p>{t('settings.scim.shownOnce')}</p>
          <code className="company-scim__token">{shown}</code>
          <div className="company-scim__token-actions">
            <button
              type="button"
              className="ui-button ui-button--ghost"
              onClick={() => {
                void navigator.clipboard?.writeText(shown).then(() =>
                  showToast({
                    type: 'success',
                    title: t('common:toast.successTitle'),
                    message: t('settings.scim.copied'),
                  }),
                );
              }}
            >
              {t('settings.scim.copy')}
            </button>
            <button type="button" className="ui-button ui-button--link" onClick={() => setShown(null)}>
              {t('settings.scim.hide')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

function RevokeDialog({ token, onClose }: { token: ScimSettings['tokens'][number] | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const revoke = useRevokeScimToken();
  return (
    <ConfirmDialog
      open={token !== null}
      onClose={onClose}
      title={t('settings.scim.revokeTitle')}
      text={t('settings.scim.revokeText', { label: token?.label ?? '' })}
      confirmLabel={t('settings.scim.revoke')}
      variant="danger"
      testId="revoke-scim-token-dialog"
      onConfirm={async () => {
        if (!token) return;
        await revoke.mutateAsync({ uuid: token.uuid });
        showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('settings.scim.revoked') });
        onClose();
      }}
    />
  );
}
