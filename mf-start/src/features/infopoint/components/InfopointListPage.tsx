import { Link, PageHeader, Spinner } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { START_ROUTES } from '../../../routes';
import { useInfopointLocations } from '../api/getInfopointLocations';
import './infopoint.css';

/** Infopoint (spec section 2 "Start"): the client's locations; each opens its emergency contacts. */
export default function InfopointListPage() {
  const { t } = useTranslation('start');
  const locations = useInfopointLocations();
  return (
    <>
      <PageHeader title={t('infopoint.title')} />
      <p>{t('infopoint.intro')}</p>
      {locations.isPending ? (
        <Spinner />
      ) : (locations.data?.items.length ?? 0) === 0 ? (
        <p className="ui-empty">{t('infopoint.noLocations')}</p>
      ) : (
        <ul className="infopoint__locations" data-testid="infopoint-locations">
          {locations.data?.items.map((location) => (
            <li key={location.uuid} className="ui-card infopoint__location">
              <Link to={START_ROUTES.infopointLocation.replace(':locationUuid', location.uuid)}>
                <strong>{location.name}</strong>
              </Link>
              <span>{location.city ?? '–'}</span>
              <span>{t(`infopoint.type.${location.locationType}`)}</span>
              <span>{t('infopoint.groupCount', { count: location.groupCount })}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
