import { ApiError, type Language, type LocationDetail } from '@dash/shared-core';
import {
  FormActions,
  FormError,
  inlineErrorText,
  PageHeader,
  Spinner,
  showToast,
  Tabs,
  useCan,
  useNavigate,
  useParams,
} from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';
import { useLocationDetail } from '../api/getLocationDetail';
import { useUpdateLocation } from '../api/updateLocation';
import { DeleteLocationsModal } from './DeleteLocationsModal';
import { LocationMembersTab } from './LocationMembersTab';
import { countryName, formattedFloorSpace, LocationFormFields, locationRequest, useLocationForm } from './locationForm';

export default function LocationDetailsPage() {
  const { t } = useTranslation('company');
  const { uuid = '', tabId = 'details' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const query = useLocationDetail(uuid);
  const [deleting, setDeleting] = useState(false);
  const back = { to: COMPANY_ROUTES.locationList, label: t('locations.backToList') };
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={t('locations.detailsTitle')} link={back} />
        <p className="ui-alert ui-alert--danger" role="alert">
          {missing ? t('common:errors.codes.Location.NotFound') : inlineErrorText(t, query.error)}
        </p>
      </>
    );
  }
  const location = query.data;
  return (
    <>
      <PageHeader
        title={location.name}
        link={back}
        actions={
          can(['location.delete']) ? (
            <button type="button" className="ui-button ui-button--danger" onClick={() => setDeleting(true)}>
              {t('locations.actions.delete')}
            </button>
          ) : undefined
        }
      />
      <Tabs
        label={t('locations.detailsTitle')}
        pattern={COMPANY_ROUTES.locationDetails}
        params={{ uuid }}
        tabs={[
          { id: 'details', label: t('locations.tabs.details'), permissions: ['location.location-detail'] },
          { id: 'member', label: t('locations.tabs.member'), permissions: ['location.read-member-list'] },
        ]}
      />
      {tabId === 'member' ? (
        <LocationMembersTab location={location} />
      ) : can(['location.update']) ? (
        // A new key per saved version: the form starts from what the server answered.
        <LocationDetailsForm key={JSON.stringify(location)} location={location} />
      ) : (
        <LocationDetailsView location={location} />
      )}
      <DeleteLocationsModal
        open={deleting}
        locations={[location]}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(COMPANY_ROUTES.locationList)}
      />
    </>
  );
}

function LocationDetailsForm({ location }: { location: LocationDetail }) {
  const { t } = useTranslation('company');
  const update = useUpdateLocation();
  const state = useLocationForm(
    location,
    async (values, responsible) => {
      await update.mutateAsync({ uuid: location.uuid, ...locationRequest(values, responsible) });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('locations.toast.saved') });
    },
    (caught) => inlineErrorText(t, caught),
  );
  const { form } = state;
  return (
    <form className="ui-card" onSubmit={form.onSubmit} noValidate data-testid="location-details-form">
      <FormError error={form.error} testId="location-details-error" />
      <LocationFormFields state={state} />
      <FormActions label={t('common:common.save')} disabled={form.busy} />
    </form>
  );
}

/** What a loc-admin sees: the location's data without a form (he changes its members only). */
function LocationDetailsView({ location }: { location: LocationDetail }) {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const dash = '–';
  return (
    <section className="ui-card">
      <dl className="ui-definition" data-testid="location-details">
        <dt>{t('locations.fields.name')}</dt>
        <dd>{location.name}</dd>
        <dt>{t('locations.fields.locationType')}</dt>
        <dd>{t(`locations.types.${location.locationType}`)}</dd>
        <dt>{t('locations.fields.floorSpace')}</dt>
        <dd>{location.floorSpace === null ? dash : formattedFloorSpace(location.floorSpace, language, t)}</dd>
        <dt>{t('locations.fields.street')}</dt>
        <dd>{location.street ?? dash}</dd>
        <dt>{t('locations.fields.postalCode')}</dt>
        <dd>{location.postalCode ?? dash}</dd>
        <dt>{t('locations.fields.city')}</dt>
        <dd>{location.city ?? dash}</dd>
        <dt>{t('locations.fields.countryCode')}</dt>
        <dd>{countryName(location.countryCode, language)}</dd>
        <dt>{t('locations.fields.responsibleMembers')}</dt>
        <dd>
          {location.responsibleMembers.map((person) => `${person.firstName} ${person.lastName}`).join(', ') || dash}
        </dd>
        <dt>{t('locations.columns.memberCount')}</dt>
        <dd>{location.memberCount}</dd>
      </dl>
    </section>
  );
}
