import type { ElearningCatalogItem } from '@dash/shared-core';
import { PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../api/getCatalog';

const SORT_KEYS = ['title', 'durationMinutes', 'assignedMemberCount', 'completedMemberCount'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search'] as const;

export default function CatalogListPage() {
  const { t } = useTranslation('elearnings');
  const table = useTableState<SortKey>(SORT_KEYS, 'title', FILTERS);
  const { state } = table;
  const query = useCatalog({
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
    filter: { search: state.filter.search },
  });
  const columns: Column<ElearningCatalogItem>[] = [
    {
      name: 'title',
      label: t('catalog.columns.title'),
      sortable: true,
      value: (item) => <strong>{item.title}</strong>,
    },
    {
      name: 'description',
      label: t('catalog.columns.description'),
      maxWidth: '24rem',
      value: (item) => item.description,
    },
    {
      name: 'durationMinutes',
      label: t('catalog.columns.duration'),
      sortable: true,
      alignment: 'right',
      value: (item) => t('catalog.minutes', { count: item.durationMinutes }),
    },
    {
      name: 'assignedMemberCount',
      label: t('catalog.columns.assigned'),
      sortable: true,
      alignment: 'right',
      value: (item) => item.assignedMemberCount,
    },
    {
      name: 'completedMemberCount',
      label: t('catalog.columns.completed'),
      sortable: true,
      alignment: 'right',
      value: (item) => item.completedMemberCount,
    },
  ];
  return (
    <>
      <PageHeader title={t('catalog.title')} />
      <DataTable
        caption={t('catalog.title')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        loading={query.isFetching}
        table={table}
        rowKey={(item) => item.uuid}
        filters={[{ name: 'search', type: 'search', label: t('catalog.search') }]}
      />
    </>
  );
}
