import { type Language, localeOf, type MemberTask, type TaskFilter } from '@dash/shared-core';
import { Link, PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { DueStatusBadge } from '@dash/shared-ui/tasks';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES } from '../../../routes';
import { useMemberStatistics } from '../api/getMemberStatistics';
import { useMyElearnings } from '../api/getMyElearnings';
import { StartTaskButton } from './StartTaskButton';

const SORT_KEYS = ['dueDate', 'title'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['status'] as const;
/** The due-status bubbles (spec section 3), each a filter of the list below with its count. */
const BUBBLES = ['overdue', 'next7Days', 'nextMonth', 'done', 'all'] as const;
type Bubble = (typeof BUBBLES)[number];

/** My e-learnings: open tasks by due date (default), bubbles to switch the filter, a task opens in the player. */
export default function MyElearningsPage() {
  const { t, i18n } = useTranslation('elearnings');
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate', FILTERS);
  const { state, setFilter } = table;
  const status: TaskFilter = (BUBBLES as readonly string[]).includes(state.filter.status ?? '')
    ? (state.filter.status as Bubble)
    : 'open';
  const counts = useMemberStatistics();
  const query = useMyElearnings(tableRequest(state, { status }));
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<MemberTask>[] = [
    {
      name: 'title',
      label: t('my.columns.title'),
      sortable: true,
      value: (task) => <StartTaskButton taskUuid={task.uuid} title={task.title} />,
    },
    {
      name: 'dueDate',
      label: t('my.columns.dueDate'),
      sortable: true,
      value: (task) => (task.dueDate ? dateFormat.format(new Date(`${task.dueDate}T00:00:00`)) : null),
    },
    { name: 'dueStatus', label: t('my.columns.status'), value: (task) => <DueStatusBadge status={task.dueStatus} /> },
  ];
  return (
    <>
      <PageHeader
        title={t('my.title')}
        actions={<Link to={ELEARNING_ROUTES.myCertificates}>{t('myCertificates.link')}</Link>}
      />
      <ul className="elearning-bubbles" aria-label={t('my.bubbles')} data-testid="due-bubbles">
        {BUBBLES.map((bubble) => (
          <li key={bubble}>
            <button
              type="button"
              className={`elearning-bubble elearning-bubble--${bubble}`}
              aria-pressed={status === bubble}
              onClick={() => setFilter('status', status === bubble ? '' : bubble)}
            >
              <span>{t(`common:taskFilter.${bubble}`)}</span>
              <span className="elearning-bubble__count">{counts.data?.[bubble] ?? '–'}</span>
            </button>
          </li>
        ))}
      </ul>
      <DataTable
        caption={status === 'open' ? t('my.openCaption') : t(`common:taskFilter.${status}`)}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(task) => task.uuid}
        emptyText={t('my.empty')}
      />
    </>
  );
}
