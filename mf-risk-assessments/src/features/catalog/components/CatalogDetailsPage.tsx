import { PageHeader, Spinner, Tabs, useParams } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { AssignmentsTab } from '../../assignments/components/AssignmentsTab';
import { useSettings } from '../api/getSettings';
import { DetailsSummary } from './DetailsSummary';
import { SettingsForm } from './SettingsForm';

/** catalog/details/{uuid}/{tabId}: tabs settings and assignments. */
export default function CatalogDetailsPage() {
  const { t } = useTranslation('riskAssessments');
  const { riskAssessmentTaskUuid: uuid = '', tabId = 'settings' } = useParams();
  const settings = useSettings(uuid);
  const back = { to: RISK_ASSESSMENT_ROUTES.catalogList, label: t('catalog.title') };
  if (settings.isPending) return <Spinner />;
  if (settings.isError || !settings.data) {
    return (
      <>
        <PageHeader title={t('details.title')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.RiskAssessmentTask.NotFound')}</p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={settings.data.title} link={back} />
      <DetailsSummary uuid={uuid} />
      <Tabs
        label={t('details.title')}
        pattern={RISK_ASSESSMENT_ROUTES.catalogDetails}
        params={{ riskAssessmentTaskUuid: uuid }}
        tabs={[
          { id: 'settings', label: t('details.tabs.settings'), permissions: ['risk-assessment.read-settings'] },
          {
            id: 'assignments',
            label: t('details.tabs.assignments'),
            permissions: ['risk-assessment.read-assignment-list'],
          },
        ]}
      />
      {tabId === 'assignments' ? (
        <AssignmentsTab settings={settings.data} />
      ) : (
        <section className="ui-card">
          <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} onSaved={() => undefined} />
        </section>
      )}
    </>
  );
}
