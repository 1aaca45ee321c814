import { FEATURE_FLAGS, formatDate, type Language, type LicenseeClientListItem } from '@dash/shared-core';
import {
  LICENSEE_CLIENT_SORT_KEYS,
  LICENSEE_CLIENT_STATUS_FILTERS,
  type LicenseeClientSortKey,
} from '@dash/shared-core/calls';
import { Link, PageHeader, useCan } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { clientDetailsPath, LICENSEE_CONSOLE_ROUTES } from '../../../routes';
import { useClientList } from '../api/getClientList';
import './licensee.css';

const FILTERS = ['search', 'status'] as const;

/** The licensee's clients: searched, sorted and paged on the server. */
export default function ClientListPage() {
  const { t, i18n } = useTranslation('licensee');
  const can = useCan();
  const table = useTableState<LicenseeClientSortKey>(LICENSEE_CLIENT_SORT_KEYS, 'name', FILTERS);
  const { state } = table;
  const query = useClientList(
    tableRequest(state, {
      search: state.filter.search || undefined,
      status: LICENSEE_CLIENT_STATUS_FILTERS.find((status) => status === state.filter.status) ?? 'all',
    }),
  );

  const columns: Column<LicenseeClientListItem>[] = [
    {
      name: 'name',
      label: t('list.columns.name'),
      sortable: true,
      value: (client) => <Link to={clientDetailsPath(client.uuid)}>{client.name}</Link>,
    },
    {
      name: 'clientIdentifier',
      label: t('list.columns.clientIdentifier'),
      sortable: true,
      value: (client) => <code>{client.clientIdentifier}</code>,
    },
    { name: 'city', label: t('list.columns.city'), value: (client) => client.city },
    {
      name: 'members',
      label: t('list.columns.members'),
      alignment: 'right',
      value: (client) =>
        client.maxMembers === null
          ? String(client.memberCount)
          : t('list.membersOfLimit', { count: client.memberCount, limit: client.maxMembers }),
    },
    {
      name: 'apps',
      label: t('list.columns.apps'),
      maxWidth: '16rem',
      value: (client) =>
        FEATURE_FLAGS.filter((flag) => client.featureFlags[flag])
          .map((flag) => t(`flags.${flag}`))
          .join(', '),
    },
    {
      name: 'status',
      label: t('list.columns.status'),
      value: (client) => (
        <span className={`ui-badge ${client.active ? 'ui-badge--success' : 'ui-badge--danger'}`}>
          {t(client.active ? 'status.active' : 'status.inactive')}
        </span>
      ),
    },
    {
      name: 'createdAt',
      label: t('list.columns.createdAt'),
      sortable: true,
      value: (client) => formatDate(client.createdAt, i18n.language as Language),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          can(['licensee.client-create']) ? (
            <Link to={LICENSEE_CONSOLE_ROUTES.newClient} className="ui-button" data-testid="add-client">
              {t('list.add')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        caption={t('list.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(client) => client.uuid}
        rowLabel={(client) => client.name}
        emptyText={t('list.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('list.search'), typeahead: true },
          {
            name: 'status',
            type: 'dropdown',
            label: t('list.statusFilter'),
            options: LICENSEE_CLIENT_STATUS_FILTERS.map((status) => ({
              value: status === 'all' ? '' : status,
              label: t(`list.statuses.${status}`),
            })),
          },
        ]}
      />
    </>
  );
}
