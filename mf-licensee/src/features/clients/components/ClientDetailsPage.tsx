import { type FeatureFlags, formatDate, type Language, type LicenseeClientDetails } from '@dash/shared-core';
import {
  FormError,
  inlineErrorText,
  PageHeader,
  Spinner,
  showToast,
  useCan,
  useForm,
  useParams,
} from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSEE_CONSOLE_ROUTES } from '../../../routes';
import { OpenSupportButton } from '../../support/components/OpenSupportButton';
import { useClientDetails } from '../api/getClientDetails';
import { useSetClientStatus } from '../api/setClientStatus';
import { useUpdateClient } from '../api/updateClient';
import {
  type ClientFieldValues,
  clientFieldRules,
  countryAfterOfferChange,
  LicenceFields,
  MasterDataFields,
  OfferedCountriesField,
  toClientFields,
} from './clientForm';
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
  const [flags, setFlags] = useState<FeatureFlags>(client.featureFlags);
  const [offered, setOffered] = useState<string[]>(client.offeredCountries);
  const country = useRef(client.country);
  const editable = can(['licensee.client-update']);
  const form = useForm<ClientFieldValues>({
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
    fields: clientFieldRules(() => country.current),
    canSubmit: () => offered.length > 0,
    send: async (values) => {
      await update.mutateAsync({ uuid: client.uuid, ...toClientFields(values, flags, offered) });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('details.saved') });
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  country.current = form.values.country;
  const field = (name: keyof ClientFieldValues) => form.field(name);
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
          <section className="ui-card">
            <h2>{t('create.company')}</h2>
            <div className="licensee-form">
              <MasterDataFields field={field} offered={offered} />
              <OfferedCountriesField
                value={offered}
                showErrors={form.submitted}
                onChange={(codes) => {
                  setOffered(codes);
                  form.set('country')(countryAfterOfferChange(form.values.country, codes));
                }}
              />
            </div>
          </section>
          <section className="ui-card">
            <h2>{t('create.licence')}</h2>
            <div className="licensee-form">
              <LicenceFields
                field={field}
                flags={flags}
                onFlagChange={(flag, on) => setFlags((current) => ({ ...current, [flag]: on }))}
              />
            </div>
          </section>
        </fieldset>
        {editable && (
          <div className="ui-form-actions">
            <button type="submit" className="ui-button" disabled={form.busy} data-testid="client-save">
              {t('common:common.save')}
            </button>
          </div>
        )}
      </form>
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
