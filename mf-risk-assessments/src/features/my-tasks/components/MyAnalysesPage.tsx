import {
  type DueStatusBubble as BubbleName,
  type Language,
  localeOf,
  type RiskAssessmentMemberTask,
  TASK_FILTERS,
} from '@dash/shared-core';
import { PageHeader, useNavigate } from '@dash/shared-ui';
import { DueStatusBubble } from '@dash/shared-ui/display';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { AgreedActions, DueStatusBadge } from '@dash/shared-ui/tasks';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useUnitActions } from '../../evaluation/api/getUnitActions';
import { useCreateExecution } from '../api/createExecution';
import { useMyAnalyses } from '../api/getMyAnalyses';

const SORT_KEYS = ['dueDate', 'title'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['status'] as const;
const BUBBLES: BubbleName[] = ['overdue', 'next7Days', 'nextMonth', 'done', 'all'];

/** My analyses: one per assigned org unit (or location), with the due-status bubbles as filters. */
export default function MyAnalysesPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const navigate = useNavigate();
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate', FILTERS);
  const { state } = table;
  const status = TASK_FILTERS.find((filter) => filter === state.filter.status) ?? 'open';
  const query = useMyAnalyses(tableRequest(state, { status }));
  const unitActions = useUnitActions();
  const start = useCreateExecution();
  const open = async (task: RiskAssessmentMemberTask) => {
    const executionUuid = task.executionUuid ?? (await start.mutateAsync(task.uuid)).executionUuid;
    navigate(RISK_ASSESSMENT_ROUTES.execution.replace(':executionUuid', executionUuid));
  };
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const counts = query.data?.counts;
  const columns: Column<RiskAssessmentMemberTask>[] = [
    { name: 'title', label: t('my.columns.title'), sortable: true, value: (task) => <strong>{task.title}</strong> },
    {
      name: 'unit',
      label: t('my.columns.unit'),
      value: (task) => task.orgUnitName ?? task.locationName ?? t('my.personal'),
    },
    {
      name: 'dueDate',
      label: t('my.columns.dueDate'),
      sortable: true,
      value: (task) => (task.dueDate ? dateFormat.format(new Date(task.dueDate)) : null),
    },
    {
      name: 'dueStatus',
      label: t('my.columns.status'),
      value: (task) =>
        task.closedAt && !task.completedAt ? (
          <span className="ui-badge">{t('closed')}</span>
        ) : (
          <DueStatusBadge status={task.dueStatus} />
        ),
    },
    {
      name: 'open',
      label: t('my.columns.action'),
      value: (task) => (
        <button
          type="button"
          className="ui-button ui-button--small"
          disabled={start.isPending}
          onClick={() => void open(task)}
          aria-label={`${t(task.completedAt ? 'my.view' : task.executionUuid ? 'my.continue' : 'my.start')}: ${task.title}`}
        >
          {t(task.completedAt ? 'my.view' : task.executionUuid ? 'my.continue' : 'my.start')}
        </button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('my.title')} />
      <nav className="ra-bubbles" aria-label={t('my.filter')}>
        {BUBBLES.map((bubble) => (
          <button
            key={bubble}
            type="button"
            className="ra-bubbles__item"
            aria-pressed={status === bubble}
            onClick={() => table.setFilter('status', bubble === 'all' ? 'all' : bubble)}
          >
            <DueStatusBubble status={bubble} count={counts?.[bubble]} />
          </button>
        ))}
        <button
          type="button"
          className="ui-button ui-button--ghost ui-button--small"
          aria-pressed={status === 'open'}
          onClick={() => table.setFilter('status', '')}
        >
          {t('my.openOnly')}
        </button>
      </nav>
      <DataTable
        caption={t('my.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(task) => task.uuid}
        emptyText={t('my.empty')}
      />
      <AgreedActions items={unitActions.data?.items} />
    </>
  );
}
