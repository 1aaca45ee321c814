import { hasAnyPermission, type Permission } from '@dash/shared-core';
import { PageHeader, Spinner, showToast, Tabs, useMemberState, useNavigate, useParams } from '@dash/shared-ui';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES, ELEARNING_TABS, type ElearningTab, elearningDetailsPath } from '../../../routes';
import { CoursePackageSection } from '../../package/components/CoursePackageSection';
import { useElearningDetails } from '../api/getDetails';
import { SettingsTab } from './SettingsTab';

const OrgUnitsTab = lazy(() => import('./OrgUnitsTab'));
const AnalyticsTab = lazy(() => import('./AnalyticsTab'));

export const TAB_PERMISSIONS: Record<ElearningTab, Permission[]> = {
  settings: ['elearning.read-settings'],
  'org-units': ['elearning.read-org-unit-assignments'],
  analytics: ['elearning.read-statistics'],
};

/** E-learning catalogue details (spec section 2): tabs settings, org-units and analytics, each by its permission. */
export default function ElearningDetailsPage() {
  const { t } = useTranslation('elearnings');
  const { elearningUuid = '', tabId = 'settings' } = useParams();
  const permissions = useMemberState()?.member.permissions ?? [];
  const query = useElearningDetails(elearningUuid);
  const tab = (tabId in TAB_PERMISSIONS ? tabId : 'settings') as ElearningTab;
  const allowed = hasAnyPermission(permissions, TAB_PERMISSIONS[tab]);
  const firstAllowed = ELEARNING_TABS.find((candidate) => hasAnyPermission(permissions, TAB_PERMISSIONS[candidate]));
  const navigate = useNavigate();
  // Route guard for a tab (spec section 2): the error toast, then the first tab the member may open (the page's
  // route needs one of them).
  useEffect(() => {
    if (allowed) return;
    showToast({ type: 'danger', title: t('common:toast.errorTitle'), message: t('common:guard.forbidden') });
    if (firstAllowed) navigate(elearningDetailsPath(elearningUuid, firstAllowed), { replace: true });
  }, [allowed, firstAllowed, navigate, elearningUuid, t]);
  const back = { to: ELEARNING_ROUTES.catalogList, label: t('details.backToList') };
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t('details.title')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.Elearning.NotFound')}</p>
      </>
    );
  }
  const elearning = query.data;
  return (
    <>
      <PageHeader title={elearning.title} link={back} />
      <p className="elearning-meta" data-testid="elearning-meta">
        <span className={`ui-badge ${elearning.state === 'live' ? 'ui-badge--success' : 'ui-badge--warning'}`}>
          {t(`state.${elearning.state}`)}
        </span>{' '}
        {t('catalog.minutes', { count: elearning.durationMinutes })} ·{' '}
        {elearning.languages.map((language) => t(`common:language.${language}`)).join(', ')}
      </p>
      {elearning.description && <p className="elearning-description">{elearning.description}</p>}
      <Tabs
        label={t('details.tabsLabel')}
        pattern={ELEARNING_ROUTES.catalogDetails}
        params={{ elearningUuid }}
        tabs={[
          { id: 'settings', label: t('details.tabs.settings'), permissions: TAB_PERMISSIONS.settings },
          { id: 'org-units', label: t('details.tabs.orgUnits'), permissions: TAB_PERMISSIONS['org-units'] },
          { id: 'analytics', label: t('details.tabs.analytics'), permissions: TAB_PERMISSIONS.analytics },
        ]}
      />
      {allowed && (
        <Suspense fallback={<Spinner />}>
          {tab === 'settings' && <CoursePackageSection elearningUuid={elearningUuid} />}
          {tab === 'settings' && <SettingsTab uuid={elearningUuid} />}
          {tab === 'org-units' && <OrgUnitsTab uuid={elearningUuid} />}
          {tab === 'analytics' && <AnalyticsTab uuid={elearningUuid} title={elearning.title} />}
        </Suspense>
      )}
    </>
  );
}
