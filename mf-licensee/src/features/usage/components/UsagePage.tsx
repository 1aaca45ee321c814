import { formatDate, isLanguage, type Language, type LicenseeUsageItem, localeOf } from '@dash/shared-core';
import { LICENSEE_USAGE_SORT_KEYS, type LicenseeUsageSortKey } from '@dash/shared-core/calls';
import { Link, PageHeader, Spinner } from '@dash/shared-ui';
import { type Column, DataTable, DownloadButton, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { clientDetailsPath } from '../../../routes';
import { exportUsage } from '../api/exportUsage';
import { useUsageList } from '../api/getUsageList';
import '../../clients/components/licensee.css';
import './usage.css';

// The charting library loads with the chart only, never with the rest of the console.
const UsageChart = lazy(() => import('./UsageChart'));

const FILTERS = ['search'] as const;

/**
 * Usage across the licensee's clients: precomputed figures (the server refreshes them in the background; the page
 * says as of when), searched, sorted and paged on the server, one chart of the page's clients, and the .xlsx export.
 */
export default function UsagePage() {
  const { t, i18n } = useTranslation('licensee');
  const language = (isLanguage(i18n.language) ? i18n.language : 'de_DE') as Language;
  const table = useTableState<LicenseeUsageSortKey>(LICENSEE_USAGE_SORT_KEYS, 'name', FILTERS);
  const { state } = table;
  const filter = { search: state.filter.search || undefined };
  const query = useUsageList(tableRequest(state, filter));
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 });
  const refreshedAt = query.data?.refreshedAt;

  const columns: Column<LicenseeUsageItem>[] = [
    {
      name: 'name',
      label: t('usage.columns.name'),
      sortable: true,
      value: (row) => (
        <span className="usage-client">
          <Link to={clientDetailsPath(row.clientUuid)}>{row.name}</Link>
          <span className="usage-client__id">
            <code>{row.clientIdentifier}</code>
            {row.active ? null : (
              <span className="ui-badge ui-badge--danger usage-inactive">{t('status.inactive')}</span>
            )}
          </span>
        </span>
      ),
    },
    {
      name: 'activeMembers',
      label: t('usage.columns.activeMembers'),
      sortable: true,
      alignment: 'right',
      value: (row) =>
        row.maxMembers === null
          ? number.format(row.activeMembers)
          : t('usage.ofLimit', { count: number.format(row.activeMembers), limit: number.format(row.maxMembers) }),
    },
    {
      name: 'signedIn30Days',
      label: t('usage.columns.signedIn30Days'),
      sortable: true,
      alignment: 'right',
      value: (row) => number.format(row.signedIn30Days),
    },
    {
      name: 'completionRate',
      label: t('usage.columns.completionRate'),
      sortable: true,
      alignment: 'right',
      value: (row) =>
        row.completionRate === null
          ? ''
          : t('usage.rate', {
              rate: number.format(row.completionRate),
              completed: number.format(row.elearningCompleted),
              tasks: number.format(row.elearningTasks),
            }),
    },
    {
      name: 'overdueTasks',
      label: t('usage.columns.overdueTasks'),
      sortable: true,
      alignment: 'right',
      value: (row) => number.format(row.overdueTasks),
    },
    {
      name: 'openRiskActions',
      label: t('usage.columns.openRiskActions'),
      sortable: true,
      alignment: 'right',
      value: (row) => number.format(row.openRiskActions),
    },
    {
      name: 'lastActivityAt',
      label: t('usage.columns.lastActivityAt'),
      sortable: true,
      value: (row) => formatDate(row.lastActivityAt, language, 'dateTime'),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('usage.title')}
        actions={
          <DownloadButton
            label={t('usage.export')}
            download={() =>
              exportUsage(
                { filter, sortBy: state.sortBy, sortDirection: state.sortDirection, language },
                t('usage.filename'),
              )
            }
            testId="usage-export"
          />
        }
      />
      <p className="usage-freshness" data-testid="usage-freshness">
        {refreshedAt === undefined
          ? '\u00a0'
          : refreshedAt === null
            ? t('usage.notYet')
            : t('usage.asOf', { time: formatDate(refreshedAt, language, 'dateTime') })}
      </p>
      {query.data && query.data.items.length > 0 ? (
        // Scrolls sideways on narrow screens: focusable so that keyboard users can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        <section className="usage-chart-section" aria-label={t('usage.chart.title')} tabIndex={0}>
          <Suspense fallback={<Spinner />}>
            <UsageChart items={query.data.items} />
          </Suspense>
        </section>
      ) : null}
      <DataTable
        caption={t('usage.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.clientUuid}
        rowLabel={(row) => row.name}
        emptyText={t('usage.empty')}
        filters={[{ name: 'search', type: 'search', label: t('usage.search'), typeahead: true }]}
      />
    </>
  );
}
