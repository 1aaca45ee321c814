import { formatDate, isLanguage, type Language, type LicenseeAuditEntry } from '@dash/shared-core';
import { LICENSEE_AUDIT_ACTIONS, LICENSEE_AUDIT_SORT_KEYS, type LicenseeAuditAction } from '@dash/shared-core/calls';
import { DateField, PageHeader, useSearchParams } from '@dash/shared-ui';
import { type Column, DataTable, DownloadButton, queryRows, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { exportAudit } from '../api/exportAudit';
import { useAuditList } from '../api/getAuditList';
import { ValuesText } from './ValuesText';
import '../../clients/components/licensee.css';
import './audit.css';

type SortKey = (typeof LICENSEE_AUDIT_SORT_KEYS)[number];
const FILTERS = ['search', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The audit of the console: who changed what and when, before and after; filtered, paged, exported as .xlsx. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('licensee');
  const language = i18n.language as Language;
  const table = useTableState<SortKey>(LICENSEE_AUDIT_SORT_KEYS, 'createdAt', FILTERS);
  const { state } = table;
  const [params] = useSearchParams();
  const action = LICENSEE_AUDIT_ACTIONS.find((value) => value === state.filter.action);
  const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
  const filter = {
    search: state.filter.search || undefined,
    action,
    from: day(state.filter.from),
    to: day(state.filter.to),
  };
  const query = useAuditList({
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    // Newest first until the user sorts.
    sortDirection: params.has('sortDirection') ? state.sortDirection : 'desc',
    filter,
  });

  const columns: Column<LicenseeAuditEntry>[] = [
    {
      name: 'createdAt',
      label: t('audit.columns.createdAt'),
      sortable: true,
      value: (entry) => formatDate(entry.createdAt, language, 'dateTime'),
    },
    { name: 'staffName', label: t('audit.columns.staffName'), sortable: true, value: (entry) => entry.staffName },
    {
      name: 'action',
      label: t('audit.columns.action'),
      sortable: true,
      value: (entry) => t(`audit.actions.${entry.action}`),
    },
    {
      name: 'client',
      label: t('audit.columns.client'),
      value: (entry) => (entry.clientIdentifier ? <code>{entry.clientIdentifier}</code> : ''),
    },
    {
      name: 'before',
      label: t('audit.columns.before'),
      maxWidth: '22rem',
      value: (entry) => <ValuesText values={entry.before} />,
    },
    {
      name: 'after',
      label: t('audit.columns.after'),
      maxWidth: '22rem',
      value: (entry) => <ValuesText values={entry.after} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        actions={
          <DownloadButton
            label={t('audit.export')}
            download={() =>
              exportAudit({ filter, language: isLanguage(language) ? language : 'de_DE' }, t('audit.filename'))
            }
            testId="audit-export"
          />
        }
      />
      <div className="licensee-audit-dates">
        <DateField
          label={t('audit.from')}
          name="from"
          value={day(state.filter.from) ?? ''}
          max={day(state.filter.to)}
          onChange={(value) => table.setFilter('from', value)}
        />
        <DateField
          label={t('audit.to')}
          name="to"
          value={day(state.filter.to) ?? ''}
          min={day(state.filter.from)}
          onChange={(value) => table.setFilter('to', value)}
        />
      </div>
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => `${entry.staffName}: ${t(`audit.actions.${entry.action}`)}`}
        emptyText={t('audit.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('audit.search'), typeahead: true },
          {
            name: 'action',
            type: 'dropdown',
            label: t('audit.actionFilter'),
            options: [
              { value: '', label: t('audit.allActions') },
              ...LICENSEE_AUDIT_ACTIONS.map((value: LicenseeAuditAction) => ({
                value,
                label: t(`audit.actions.${value}`),
              })),
            ],
          },
        ]}
      />
    </>
  );
}
