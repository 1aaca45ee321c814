import { formatDate, type Language, type LicenseeClientDetails } from '@dash/shared-core';
import {
  FormActions,
  FormError,
  inlineErrorText,
  PageHeader,
  Spinner,
  showToast,
  useCan,
  useParams,
} from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSEE_CONSOLE_ROUTES } from '../../../routes';
import { ReleasesCard } from '../../releases/components/ReleasesCard';
import { OpenSupportButton } from '../../support/components/OpenSupportButton';
import { useClientDetails } from '../api/getClientDetails';
import { useSetClientStatus } from '../api/setClientStatus';
import { useUpdateClient } from '../api/updateClient';
import { ClientFormSections, useClientForm } from './clientForm';
import './licensee.css';

/** One client: its master data, member limit and switches, and deactivation or reactivation. */
export default function ClientDetailsPage() {
  const { t } = useTranslation('licensee');
  const { uuid = '' } = useParams();
  const query = useClientDetails(uuid);
  return query.isPending ? (
    <Spinner />
  ) : query.data ? (
    // A new key per saved version: the form starts from what the server answered.
    <ClientDetails key={JSON.stringify(query.data)} client={query.data} />
  ) : (
    <>
      <PageHeader title={t('details.title')} link={{ to: LICENSEE_CONSOLE_ROUTES.clients, label: t('list.title') }} />
      <p className="ui-alert ui-alert--danger">{inlineErrorText(t, query.error)}</p>
    </>
  );
}

function ClientDetails({ client }: { client: LicenseeClientDetails }) {
  const { t, i18n } = useTranslation('licensee');
  const can = useCan();
  const update = useUpdateClient();
  const setStatus = useSetClientStatus();
  const [confirming, setConfirming] = useState(false);
  const editable = can(['licensee.client-update']);
  const { form, sections } = useClientForm({
    initialValues: {
      name: client.name,
      street: client.street ?? '',
      additional: client.additional ?? '',
      postalCode: client.postalCode ?? '',
      city: client.city ?? '',
      country: client.country,
      homepage: client.homepage ?? '',
      maxMembers: client.maxMembers === null ? '' : String(client.maxMembers),
    },
    initialFlags: client.featureFlags,
    initialOffered: client.offeredCountries,
    send: async (_values, clientFields) => {
      await update.mutateAsync({ uuid: client.uuid, ...clientFields });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('details.saved') });
    },
  });
  const statusAction = client.active ? 'deactivate' : 'reactivate';

  return (
    <>
      <PageHeader
        title={client.name}
        link={{ to: LICENSEE_CONSOLE_ROUTES.clients, label: t('list.title') }}
        actions={
          <>
            <OpenSupportButton client={client} />
            {can(['licensee.client-change-status']) && (
              <button
                type="button"
                className={`ui-button${client.active ? ' ui-button--danger' : ''}`}
                onClick={() => setConfirming(true)}
                data-testid={`${statusAction}-client`}
              >
                {t(`details.${statusAction}`)}
              </button>
            )}
          </>
        }
      />
      <section className="ui-card licensee-summary" data-testid="client-summary">
        <dl>
          <div>
            <dt>{t('fields.clientIdentifier')}</dt>
            <dd>
              <code>{client.clientIdentifier}</code>
            </dd>
          </div>
          <div>
            <dt>{t('list.columns.status')}</dt>
            <dd>
              <span className={`ui-badge ${client.active ? 'ui-badge--success' : 'ui-badge--danger'}`}>
                {t(client.active ? 'status.active' : 'status.inactive')}
              </span>
              {client.deactivatedAt && (
                <span className="licensee-hint">
                  {' '}
                  {t('details.deactivatedSince', { date: formatDate(client.deactivatedAt, i18n.language as Language) })}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('list.columns.members')}</dt>
            <dd>
              {client.maxMembers === null
                ? String(client.memberCount)
                : t('list.membersOfLimit', { count: client.memberCount, limit: client.maxMembers })}
            </dd>
          </div>
          <div>
            <dt>{t('list.columns.createdAt')}</dt>
            <dd>{formatDate(client.createdAt, i18n.language as Language)}</dd>
          </div>
        </dl>
      </section>
      <form className="licensee-page" onSubmit={form.onSubmit} noValidate data-testid="client-form">
        <FormError error={form.error} testId="client-form-error" />
        {/* Customer advisers read only: every field is disabled for them. */}
        <fieldset className="licensee-fieldset" disabled={!editable}>
          <ClientFormSections state={sections} />
        </fieldset>
        {editable && <FormActions label={t('common:common.save')} disabled={form.busy} testId="client-save" />}
      </form>
      {can(['licensee.releases-read']) && (
        <ReleasesCard clientUuid={client.uuid} editable={can(['licensee.releases-choose'])} />
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t(`details.${statusAction}Title`, { name: client.name })}
        text={t(`details.${statusAction}Text`)}
        confirmLabel={t(`details.${statusAction}`)}
        variant={client.active ? 'danger' : 'primary'}
        onConfirm={async () => {
          await setStatus.mutateAsync({ uuid: client.uuid, active: !client.active });
          setConfirming(false);
          showToast({
            type: 'success',
            title: t('common:toast.successTitle'),
            message: t(`details.${statusAction}d`, { name: client.name }),
          });
        }}
      />
    </>
  );
}
