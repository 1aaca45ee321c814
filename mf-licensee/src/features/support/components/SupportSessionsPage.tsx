import { formatDate, type Language, type LicenseeSupportSession } from '@dash/shared-core';
import { SUPPORT_SESSION_SORT_KEYS } from '@dash/shared-core/calls';
import { Link, PageHeader, useSearchParams } from '@dash/shared-ui';
import { type Column, DataTable, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { clientDetailsPath } from '../../../routes';
import { useSupportSessions } from '../api/getSupportSessions';
import '../../clients/components/licensee.css';

type SortKey = (typeof SUPPORT_SESSION_SORT_KEYS)[number];
const FILTERS = ['search'] as const;

/**
 * The support sessions the licensee's advisers opened from the console: who, which client, why, when, until when,
 * and how many calls (each call is in the client's own support audit).
 */
export default function SupportSessionsPage() {
  const { t, i18n } = useTranslation('licensee');
  const language = i18n.language as Language;
  const table = useTableState<SortKey>(SUPPORT_SESSION_SORT_KEYS, 'startedAt', FILTERS);
  const { state } = table;
  const [params] = useSearchParams();
  const query = useSupportSessions({
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    // Newest first until the user sorts.
    sortDirection: params.has('sortDirection') ? state.sortDirection : 'desc',
    filter: { search: state.filter.search || undefined },
  });
  const now = Date.now();
  const columns: Column<LicenseeSupportSession>[] = [
    {
      name: 'startedAt',
      label: t('supportSessions.columns.startedAt'),
      sortable: true,
      value: (session) => formatDate(session.startedAt, language, 'dateTime'),
    },
    {
      name: 'adviser',
      label: t('supportSessions.columns.adviser'),
      sortable: true,
      value: (session) => session.adviser,
    },
    {
      name: 'clientName',
      label: t('supportSessions.columns.client'),
      sortable: true,
      value: (session) => <Link to={clientDetailsPath(session.clientUuid)}>{session.clientName}</Link>,
    },
    {
      name: 'reason',
      label: t('supportSessions.columns.reason'),
      maxWidth: '20rem',
      value: (session) => session.reason,
    },
    {
      name: 'expiresAt',
      label: t('supportSessions.columns.expiresAt'),
      value: (session) =>
        Date.parse(session.expiresAt) > now ? (
          <span className="ui-badge ui-badge--success">
            {t('supportSessions.openUntil', { time: formatDate(session.expiresAt, language, 'dateTime') })}
          </span>
        ) : (
          formatDate(session.expiresAt, language, 'dateTime')
        ),
    },
    {
      name: 'callCount',
      label: t('supportSessions.columns.calls'),
      alignment: 'right',
      value: (session) => String(session.callCount),
    },
  ];
  return (
    <>
      <PageHeader title={t('supportSessions.title')} />
      <p className="licensee-hint">{t('supportSessions.hint')}</p>
      <DataTable
        caption={t('supportSessions.title')}
        columns={columns}
        rows={query.data?.items}
        total={query.data?.total}
        loading={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        table={table}
        rowKey={(session) => session.uuid}
        rowLabel={(session) => `${session.adviser} – ${session.clientName}`}
        emptyText={t('supportSessions.empty')}
        filters={[{ name: 'search', type: 'search', label: t('supportSessions.search'), typeahead: true }]}
      />
    </>
  );
}
