import {
  type DueStatusBubble as BubbleName,
  type DueStatusCounts,
  type Language,
  localeOf,
  type MemberTask,
  TASK_FILTERS,
  type TaskFilter,
} from '@dash/shared-core';
import {
  Link,
  Navigate,
  PageHeader,
  Spinner,
  Tabs,
  useCan,
  useMemberState,
  useParams,
  useSearchParams,
} from '@dash/shared-ui';
import { DueStatusBubble } from '@dash/shared-ui/display';
import { AgreedActions, DueStatusBadge } from '@dash/shared-ui/tasks';
import { useTranslation } from 'react-i18next';
import { START_ROUTES } from '../../../routes';
import { useOpenElearningTasks } from '../api/getOpenElearningTasks';
import { useOpenRiskAssessmentTasks } from '../api/getOpenRiskAssessmentTasks';
import { useRiskActionTasks } from '../api/getRiskActionTasks';
import { useTaskCounts } from '../api/getTaskCounts';
import { useUnitActions } from '../api/getUnitActions';
import './overview.css';

const BUBBLES: BubbleName[] = ['overdue', 'next7Days', 'nextMonth', 'done', 'all'];
const RISK_ACTION_FILTERS = ['riskActionDefine', 'riskActionAgreed'] as const;
type RiskActionFilter = (typeof RISK_ACTION_FILTERS)[number];
type Filter = TaskFilter | RiskActionFilter;

/** Where a task of each area opens. */
const TASK_LINK = {
  elearnings: (task: MemberTask) => `/dashboard/apps/elearnings/execution/${encodeURIComponent(task.uuid)}`,
  'risk-assessments': () => '/dashboard/apps/risk-assessments/my-analyses',
};

function TaskList({
  tab,
  tasks,
  loading,
}: {
  tab: keyof typeof TASK_LINK;
  tasks: MemberTask[] | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation('start');
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (loading) return <Spinner />;
  if (!tasks || tasks.length === 0) return <p className="ui-empty">{t('overview.noTasks')}</p>;
  return (
    <ul className="start-overview__tasks" data-testid="open-tasks">
      {tasks.map((task) => (
        <li key={task.uuid} className="ui-card start-overview__task">
          <Link to={TASK_LINK[tab](task)}>
            <strong>{task.title}</strong>
          </Link>
          <span>
            {task.dueDate
              ? t('overview.dueOn', { date: dateFormat.format(new Date(task.dueDate)) })
              : t('overview.noDueDate')}
          </span>
          <DueStatusBadge status={task.dueStatus} />
        </li>
      ))}
    </ul>
  );
}

function RiskActionList({ status }: { status: RiskActionFilter }) {
  const { t, i18n } = useTranslation('start');
  const query = useRiskActionTasks({ filter: { status }, sortBy: 'dueDate', perPage: 25 }, true);
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  if (query.isPending) return <Spinner />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return <p className="ui-empty">{t('overview.noTasks')}</p>;
  return (
    <ul className="start-overview__tasks" data-testid="risk-action-tasks">
      {items.map((item) => (
        <li key={item.uuid} className="ui-card start-overview__task">
          {/* The evaluation: its risks while actions wait to be defined, its actions once they are agreed. */}
          <Link
            to={`/dashboard/apps/risk-assessments/evaluation/details/${encodeURIComponent(item.uuid)}/${
              status === 'riskActionDefine' ? 'risks' : 'risk-actions'
            }`}
          >
            <strong>{item.title}</strong> – {item.place}
          </Link>
          <span>{t('overview.completedOf', { completed: item.completedCount, total: item.memberCount })}</span>
          {status === 'riskActionAgreed' ? (
            <span>{t('overview.openActions', { count: item.openActionCount })}</span>
          ) : null}
          <span>{item.dueDate ? t('overview.dueOn', { date: dateFormat.format(new Date(item.dueDate)) }) : null}</span>
          <span className="ui-badge">{t(`overview.filters.${status}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The member's own follow-up actions (risk assessments): open ones and due effectiveness checks, with a link to
 * "my actions"; nothing when there are none.
 */
function MyRiskActions({ counts }: { counts: { open: number; checkDue: number } | null | undefined }) {
  const { t } = useTranslation('start');
  if (!counts || counts.open + counts.checkDue === 0) return null;
  return (
    <p className="ui-card start-overview__my-actions" data-testid="my-risk-actions">
      <strong>{t('overview.myActions.title')}</strong> {t('overview.myActions.open', { count: counts.open })} ·{' '}
      {t('overview.myActions.checkDue', { count: counts.checkDue })}{' '}
      <Link to="/dashboard/apps/risk-assessments/my-actions">{t('overview.myActions.link')}</Link>
    </p>
  );
}

/**
 * The member's instructions (docs/instructions.md): overdue and due within a month, with a link to "Meine
 * Unterweisungen" where he signs; nothing when none is due.
 */
function MyInstructions({ counts }: { counts: DueStatusCounts | null | undefined }) {
  const { t } = useTranslation('start');
  if (!counts || counts.overdue + counts.nextMonth === 0) return null;
  return (
    <p className="ui-card start-overview__my-actions" data-testid="my-instructions">
      <strong>{t('overview.myInstructions.title')}</strong>{' '}
      {t('overview.myInstructions.overdue', { count: counts.overdue })} ·{' '}
      {t('overview.myInstructions.nextMonth', { count: counts.nextMonth })}{' '}
      <Link to="/dashboard/apps/elearnings/my-instructions">{t('overview.myInstructions.link')}</Link>
    </p>
  );
}

/** Start overview (spec section 2): the member's tasks of both apps with the due-status bubbles as filters. */
export default function OverviewPage() {
  const { t } = useTranslation('start');
  const { tabId } = useParams();
  const [search, setSearch] = useSearchParams();
  const memberState = useMemberState();
  const can = useCan();
  const showElearnings = can(['elearning.read-member-tasks'], 'elearnings');
  const showRiskAssessments = can(['risk-assessment.read-member-tasks'], 'riskAssessments');
  const showRiskActions = can(['risk-assessment.read-risk-action-list'], 'riskAssessments');
  const counts = useTaskCounts();
  const defaultTab = showElearnings ? 'elearnings' : 'risk-assessments';
  const activeTab =
    tabId === 'risk-assessments' && showRiskAssessments
      ? 'risk-assessments'
      : tabId === 'elearnings' && showElearnings
        ? 'elearnings'
        : null;
  const requested = search.get('status') ?? 'open';
  const filter: Filter =
    activeTab === 'risk-assessments' && showRiskActions && RISK_ACTION_FILTERS.includes(requested as RiskActionFilter)
      ? (requested as RiskActionFilter)
      : (TASK_FILTERS.find((option) => option === requested) ?? 'open');
  const memberFilter = RISK_ACTION_FILTERS.includes(filter as RiskActionFilter) ? null : (filter as TaskFilter);
  const request = { filter: { status: memberFilter ?? 'open' }, sortBy: 'dueDate' as const, perPage: 25 as const };
  const elearnings = useOpenElearningTasks(request, activeTab === 'elearnings');
  const unitActions = useUnitActions(activeTab === 'risk-assessments');
  const riskAssessments = useOpenRiskAssessmentTasks(
    request,
    activeTab === 'risk-assessments' && memberFilter !== null,
  );
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
  if (!activeTab) return <Navigate to={`${START_ROUTES.overview}/${defaultTab}`} replace />;

  const areaCounts: DueStatusCounts | null | undefined =
    activeTab === 'elearnings' ? counts.data?.elearnings : counts.data?.riskAssessments;
  const options: Filter[] = [
    ...TASK_FILTERS,
    ...(activeTab === 'risk-assessments' && showRiskActions ? RISK_ACTION_FILTERS : []),
  ];
  const setFilter = (next: Filter) => {
    const params = new URLSearchParams(search);
    if (next === 'open') params.delete('status');
    else params.set('status', next);
    setSearch(params, { replace: true });
  };

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
      <div className="start-overview__filters">
        <ul className="start-overview__bubbles" aria-label={t('overview.bubbles')} data-testid="due-bubbles">
          {BUBBLES.map((bubble) => (
            <li key={bubble}>
              <button
                type="button"
                className="start-overview__bubble"
                aria-pressed={filter === bubble}
                data-testid={`bubble-${bubble}`}
                onClick={() => setFilter(filter === bubble ? 'open' : bubble)}
              >
                <DueStatusBubble status={bubble} count={counts.isPending ? null : areaCounts?.[bubble]} />
              </button>
            </li>
          ))}
        </ul>
        <label className="ui-field start-overview__select">
          <span>{t('overview.filter')}</span>
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
            data-testid="task-filter"
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {t(`overview.filters.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {memberFilter === null ? (
        <RiskActionList status={filter as RiskActionFilter} />
      ) : activeTab === 'elearnings' ? (
        <TaskList tab="elearnings" tasks={elearnings.data?.items} loading={elearnings.isPending} />
      ) : (
        <TaskList tab="risk-assessments" tasks={riskAssessments.data?.items} loading={riskAssessments.isPending} />
      )}
      {activeTab === 'elearnings' && <MyInstructions counts={counts.data?.instructions} />}
      {activeTab === 'risk-assessments' && <MyRiskActions counts={counts.data?.myRiskActions} />}
      {activeTab === 'risk-assessments' && <AgreedActions items={unitActions.data?.items} />}
    </>
  );
}
