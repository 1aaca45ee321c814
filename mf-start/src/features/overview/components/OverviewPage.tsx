import { type Language, localeOf, type MemberTask } from '@dash/shared-core';
import { Navigate, PageHeader, Spinner, Tabs, useCan, useMemberState, useParams } from '@dash/shared-ui';
import { DueStatusBadge } from '@dash/shared-ui/tasks';
import { useTranslation } from 'react-i18next';
import { START_ROUTES } from '../../../routes';
import { useOpenElearningTasks } from '../api/getOpenElearningTasks';
import { useOpenRiskAssessmentTasks } from '../api/getOpenRiskAssessmentTasks';
import './overview.css';

const OPEN_TASKS = { filter: { status: 'open' as const }, sortBy: 'dueDate' as const, perPage: 25 as const };

function TaskList({ tasks, total, loading }: { tasks: MemberTask[] | undefined; total: number; loading: boolean }) {
  const { t, i18n } = useTranslation('start');
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (loading) return <Spinner />;
  if (!tasks || tasks.length === 0) return <p className="ui-empty">{t('overview.noOpenTasks')}</p>;
  return (
    <>
      <p className="start-overview__count">{t('overview.openCount', { count: total })}</p>
      <ul className="start-overview__tasks" data-testid="open-tasks">
        {tasks.map((task) => (
          <li key={task.uuid} className="ui-card start-overview__task">
            <strong>{task.title}</strong>
            <span>
              {task.dueDate
                ? t('overview.dueOn', { date: dateFormat.format(new Date(task.dueDate)) })
                : t('overview.noDueDate')}
            </span>
            <DueStatusBadge status={task.dueStatus} />
          </li>
        ))}
      </ul>
    </>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation('start');
  const { tabId } = useParams();
  const memberState = useMemberState();
  const can = useCan();
  const showElearnings = can(['elearning.read-member-tasks'], 'elearnings');
  const showRiskAssessments = can(['risk-assessment.read-member-tasks'], 'riskAssessments');
  const elearnings = useOpenElearningTasks(OPEN_TASKS, showElearnings);
  const riskAssessments = useOpenRiskAssessmentTasks(OPEN_TASKS, showRiskAssessments);
  const firstName = memberState?.memberDetails.firstName ?? '';

  if (!showElearnings && !showRiskAssessments) {
    return (
      <>
        <PageHeader title={t('overview.title')} />
        <p className="ui-alert" data-testid="no-apps">
          {t('overview.noApps')}
        </p>
      </>
    );
  }
  const defaultTab = showElearnings ? 'elearnings' : 'risk-assessments';
  if (!tabId) return <Navigate to={`${START_ROUTES.overview}/${defaultTab}`} replace />;
  const activeTab =
    tabId === 'risk-assessments' && showRiskAssessments
      ? 'risk-assessments'
      : tabId === 'elearnings' && showElearnings
        ? 'elearnings'
        : null;
  if (!activeTab) return <Navigate to={`${START_ROUTES.overview}/${defaultTab}`} replace />;

  return (
    <>
      <PageHeader title={t('overview.title')} />
      <p>{t('overview.welcome', { name: firstName })}</p>
      <Tabs
        label={t('overview.title')}
        pattern={START_ROUTES.overviewTab}
        params={{}}
        tabs={[
          ...(showElearnings ? [{ id: 'elearnings', label: t('overview.tabs.elearnings') }] : []),
          ...(showRiskAssessments ? [{ id: 'risk-assessments', label: t('overview.tabs.riskAssessments') }] : []),
        ]}
      />
      {activeTab === 'elearnings' ? (
        <TaskList tasks={elearnings.data?.items} total={elearnings.data?.total ?? 0} loading={elearnings.isPending} />
      ) : (
        <TaskList
          tasks={riskAssessments.data?.items}
          total={riskAssessments.data?.total ?? 0}
          loading={riskAssessments.isPending}
        />
      )}
    </>
  );
}
