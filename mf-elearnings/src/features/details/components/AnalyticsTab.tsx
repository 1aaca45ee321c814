import {
  ELEARNING_ANALYTICS_STATUSES,
  type ElearningAnalyticsStatus,
  type ElearningStatisticsRow,
  hasAnyPermission,
  type Language,
  localeOf,
} from '@dash/shared-core';
import { inlineErrorText, Spinner, showToast, useMemberState } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, DownloadButton, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportStatistics } from '../api/exportStatistics';
import { useStatistics } from '../api/getStatistics';
import { useStatisticsOverview } from '../api/getStatisticsOverview';
import { memberCertificatePdfUrl } from '../api/memberCertificatePdf';
import { useResetProgress } from '../api/resetProgress';

// The charting library loads with the charts only, never with the catalogue, the start or the sign-in page.
const StatisticsCharts = lazy(() => import('./StatisticsCharts'));

const SORT_KEYS = ['lastName', 'status', 'lastCompletedAt', 'nextOverdueDate'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['status', 'orgUnitUuid', 'search'] as const;

export const STATUS_BADGE: Record<ElearningAnalyticsStatus, string> = {
  completed: 'ui-badge--success',
  due: 'ui-badge--info',
  inprogress: 'ui-badge--warning',
  overdue: 'ui-badge--danger',
  inactive: '',
};

function isStatus(value: string | undefined): value is ElearningAnalyticsStatus {
  return (ELEARNING_ANALYTICS_STATUSES as readonly string[]).includes(value ?? '');
}

/** Analytics (spec section 4): one row per assigned member, filters, reset progress, xlsx export, charts per unit. */
export default function AnalyticsTab({ uuid, title }: { uuid: string; title: string }) {
  const { t, i18n } = useTranslation('elearnings');
  const permissions = useMemberState()?.member.permissions ?? [];
  const table = useTableState<SortKey>(SORT_KEYS, 'lastName', FILTERS);
  const { state } = table;
  const filter = {
    status: isStatus(state.filter.status) ? state.filter.status : undefined,
    orgUnitUuid: state.filter.orgUnitUuid || undefined,
    search: state.filter.search || undefined,
  };
  const query = useStatistics({ uuid, ...tableRequest(state, filter) });
  const overview = useStatisticsOverview(uuid);
  const [resetting, setResetting] = useState<ElearningStatisticsRow[]>([]);
  const language = (i18n.language === 'en_GB' ? 'en_GB' : 'de_DE') as Language;
  const dayFormat = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' });
  const formatDay = (value: string | null) =>
    value ? dayFormat.format(new Date(value.length === 10 ? `${value}T00:00:00` : value)) : null;

  const columns: Column<ElearningStatisticsRow>[] = [
    {
      name: 'lastName',
      label: t('analytics.columns.name'),
      sortable: true,
      value: (row) => `${row.lastName}, ${row.firstName}`,
    },
    {
      name: 'orgUnits',
      label: t('analytics.columns.orgUnits'),
      maxWidth: '16rem',
      value: (row) => row.orgUnitNames.join(', ') || null,
    },
    {
      name: 'status',
      label: t('analytics.columns.status'),
      sortable: true,
      value: (row) => <span className={`ui-badge ${STATUS_BADGE[row.status]}`}>{t(`status.${row.status}`)}</span>,
    },
    {
      name: 'lastCompletedAt',
      label: t('analytics.columns.lastCompleted'),
      sortable: true,
      value: (row) => formatDay(row.lastCompletedAt),
    },
    {
      name: 'nextOverdueDate',
      label: t('analytics.columns.nextOverdue'),
      sortable: true,
      value: (row) => formatDay(row.nextOverdueDate),
    },
    {
      // The member's newest certificate of this e-learning; completions from before the player have none.
      name: 'certificate',
      label: t('analytics.columns.certificate'),
      width: '6.5rem',
      value: (row) =>
        row.certificateUuid ? (
          <a
            href={memberCertificatePdfUrl(row.certificateUuid)}
            download
            aria-label={t('analytics.certificateOf', { name: `${row.firstName} ${row.lastName}` })}
            data-testid="member-certificate-pdf"
          >
            {t('analytics.certificatePdf')}
          </a>
        ) : null,
    },
  ];
  const units = overview.data?.units ?? [];
  return (
    <>
      <section className="ui-card elearning-section" aria-labelledby="elearning-unit-statistics">
        <h2 id="elearning-unit-statistics">{t('charts.title')}</h2>
        {overview.isPending ? (
          <Spinner />
        ) : overview.data ? (
          <Suspense fallback={<Spinner />}>
            <StatisticsCharts overview={overview.data} />
          </Suspense>
        ) : null}
      </section>
      <div className="elearning-toolbar">
        <h2>{t('analytics.title')}</h2>
        {hasAnyPermission(permissions, ['elearning.export-statistics']) && (
          <DownloadButton
            label={t('analytics.export')}
            download={() => exportStatistics({ uuid, filter, language }, `${title} – ${t('analytics.title')}.xlsx`)}
            doneMessage={t('analytics.exported')}
            testId="export-statistics"
          />
        )}
      </div>
      <DataTable
        caption={t('analytics.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(row) => row.memberUuid}
        rowLabel={(row) => `${row.firstName} ${row.lastName}`}
        emptyText={t('analytics.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('analytics.search') },
          {
            name: 'status',
            type: 'dropdown',
            label: t('analytics.columns.status'),
            options: [
              { value: '', label: t('analytics.allStatuses') },
              ...ELEARNING_ANALYTICS_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ],
          },
          {
            name: 'orgUnitUuid',
            type: 'dropdown',
            label: t('analytics.columns.orgUnits'),
            options: [
              { value: '', label: t('analytics.allOrgUnits') },
              ...units.map((unit) => ({ value: unit.orgUnitUuid, label: unit.orgUnitName })),
            ],
          },
        ]}
        selectable
        bulkActions={[
          {
            id: 'reset-progress',
            label: t('reset.action'),
            permissions: ['elearning.reset-progress'],
            onAction: (rows) => setResetting(rows),
          },
        ]}
      />
      <ResetModal uuid={uuid} rows={resetting} onClose={() => setResetting([])} />
    </>
  );
}

function ResetModal({ uuid, rows, onClose }: { uuid: string; rows: ElearningStatisticsRow[]; onClose: () => void }) {
  const { t } = useTranslation('elearnings');
  const reset = useResetProgress();
  const [shown, setShown] = useState(rows);
  const [error, setError] = useState<string | null>(null);
  if (rows.length > 0 && rows !== shown) setShown(rows);
  async function submit() {
    setError(null);
    try {
      const result = await reset.mutateAsync({ uuid, memberUuids: shown.map((row) => row.memberUuid) });
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('reset.done', { count: result.resetCount }),
      });
      onClose();
    } catch (caught) {
      setError(inlineErrorText(t, caught));
    }
  }
  return (
    <ConfirmDialog
      open={rows.length > 0}
      onClose={onClose}
      title={t('reset.headline')}
      width={40}
      testId="reset-modal"
      confirmLabel={t('reset.submit', { count: shown.length })}
      variant="danger"
      busy={reset.isPending}
      onConfirm={submit}
    >
      {error && (
        <p className="ui-alert ui-alert--danger" role="alert">
          {error}
        </p>
      )}
      <p>{t('reset.text', { count: shown.length })}</p>
      <ul className="elearning-reset-list">
        {shown.slice(0, 10).map((row) => (
          <li key={row.memberUuid}>
            {row.firstName} {row.lastName}
          </li>
        ))}
        {shown.length > 10 && <li>{t('reset.more', { count: shown.length - 10 })}</li>}
      </ul>
    </ConfirmDialog>
  );
}
