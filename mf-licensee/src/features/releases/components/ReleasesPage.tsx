import { PageHeader, useCan } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { ReleasesCard } from './ReleasesCard';
import '../../clients/components/licensee.css';

/** The licensee's choice of release per area, for all its clients (a client's own choice is on its page). */
export default function ReleasesPage() {
  const { t } = useTranslation('licensee');
  const can = useCan();
  return (
    <>
      <PageHeader title={t('releases.pageTitle')} />
      <ReleasesCard clientUuid={null} editable={can(['licensee.releases-choose'])} />
    </>
  );
}
