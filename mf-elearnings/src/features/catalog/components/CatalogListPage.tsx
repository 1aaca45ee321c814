import { type ElearningCatalogItem, hasAnyPermission } from '@dash/shared-core';
import { Link, PageHeader, useMemberState } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { elearningDetailsPath } from '../../../routes';
import { useCatalog } from '../api/getCatalog';

const SORT_KEYS = ['title', 'durationMinutes', 'assignedMemberCount', 'completedMemberCount'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search'] as const;

export default function CatalogListPage() {
  const { t } = useTranslation('elearnings');
  const table = useTableState<SortKey>(SORT_KEYS, 'title', FILTERS);
  const { state } = table;
  const permissions = useMemberState()?.member.permissions ?? [];
  // An ou-admin reads statistics only: his link opens the analytics.
  const firstTab = hasAnyPermission(permissions, ['elearning.read-settings']) ? 'settings' : 'analytics';
  const query = useCatalog(tableRequest(state, { search: state.filter.search }));
  const columns: Column<ElearningCatalogItem>[] = [
    {
      name: 'title',
      label: t('catalog.columns.title'),
      sortable: true,
      value: (item) => (
        <Link to={elearningDetailsPath(item.uuid, firstTab)}>
          <strong>{item.title}</strong>
        </Link>
      ),
    },
    {
      name: 'languages',
      label: t('catalog.columns.languages'),
      value: (item) => item.languages.map((language) => language.slice(0, 2).toUpperCase()).join(', '),
    },
    {
      name: 'state',
      label: t('catalog.columns.state'),
      value: (item) => (
        <span className={`ui-badge ${item.state === 'live' ? 'ui-badge--success' : 'ui-badge--warning'}`}>
          {t(`state.${item.state}`)}
        </span>
      ),
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
        {...queryRows(query)}
        table={table}
        rowKey={(item) => item.uuid}
        filters={[{ name: 'search', type: 'search', label: t('catalog.search') }]}
      />
    </>
  );
}
