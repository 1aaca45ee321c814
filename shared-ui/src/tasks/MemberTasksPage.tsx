import { type Language, localeOf, type MemberTask, type MemberTasksRequest, TASK_FILTERS } from '@dash/shared-core';
import { PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, tableRequest, useTableState } from '@dash/shared-ui/table';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DueStatusBadge } from './DueStatusBadge';

const SORT_KEYS = ['dueDate', 'title'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['status'] as const;

export interface MemberTasksPageProps {
  /** The area's own query hook (its API call), e.g. my e-learnings or my analyses. */
  useTasks: (request: MemberTasksRequest) => UseQueryResult<{ items: MemberTask[]; total: number }>;
  /** i18n namespace with `my.title`, `my.filter` and `my.columns.{title,dueDate,status}`. */
  namespace: string;
}

/** "My tasks" of an area: the signed-in member's own tasks, filtered by due status, sorted and paged by the server. */
export function MemberTasksPage({ useTasks, namespace }: MemberTasksPageProps) {
  const { t, i18n } = useTranslation(namespace);
  const table = useTableState<SortKey>(SORT_KEYS, 'dueDate', FILTERS);
  const { state } = table;
  const status = TASK_FILTERS.find((filter) => filter === state.filter.status) ?? 'all';
  const query = useTasks(tableRequest(state, { status }));
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<MemberTask>[] = [
    { name: 'title', label: t('my.columns.title'), sortable: true, value: (task) => task.title },
    {
      name: 'dueDate',
      label: t('my.columns.dueDate'),
      sortable: true,
      value: (task) => (task.dueDate ? dateFormat.format(new Date(task.dueDate)) : null),
    },
    { name: 'dueStatus', label: t('my.columns.status'), value: (task) => <DueStatusBadge status={task.dueStatus} /> },
  ];
  return (
    <>
      <PageHeader title={t('my.title')} />
      <DataTable
        caption={t('my.title')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        loading={query.isFetching}
        table={table}
        rowKey={(task) => task.uuid}
        filters={[
          {
            name: 'status',
            type: 'dropdown',
            label: t('my.filter'),
            options: TASK_FILTERS.map((filter) => ({
              value: filter === 'all' ? '' : filter,
              label: t(`common:taskFilter.${filter}`),
            })),
          },
        ]}
      />
    </>
  );
}
