import { formatDate, type Language, type ResponseOf } from '@dash/shared-core';
import { PageHeader } from '@dash/shared-ui';
import { type Column, DataTable, queryRows, useTableState } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { useSupportAudit } from '../api/getSupportAudit';

type Entry = ResponseOf<'supportAuditList'>['items'][number];
const SORT_KEYS = ['createdAt'] as const;

/**
 * company/settings/support-audit: what customer advisers did in the company through a support login, newest first:
 * who (the adviser's own name), why, which call and how it ended.
 */
export default function SupportAuditPage() {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const table = useTableState<(typeof SORT_KEYS)[number]>(SORT_KEYS, 'createdAt');
  const { state } = table;
  const query = useSupportAudit({ page: state.page, perPage: state.perPage });
  const columns: Column<Entry>[] = [
    {
      name: 'createdAt',
      label: t('supportAudit.columns.createdAt'),
      value: (entry) => formatDate(entry.createdAt, language, 'dateTime'),
    },
    { name: 'adviser', label: t('supportAudit.columns.adviser'), value: (entry) => entry.adviser },
    { name: 'reason', label: t('supportAudit.columns.reason'), maxWidth: '18rem', value: (entry) => entry.reason },
    {
      name: 'action',
      label: t('supportAudit.columns.action'),
      value: (entry) => (
        <span>
          <code>{entry.action}</code> <span className="company-note">{`${entry.method} ${entry.path}`}</span>
        </span>
      ),
    },
    {
      name: 'status',
      label: t('supportAudit.columns.status'),
      alignment: 'right',
      value: (entry) => (
        <span className={`ui-badge ${entry.status < 400 ? 'ui-badge--success' : 'ui-badge--danger'}`}>
          {entry.status}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('supportAudit.title')} />
      <p className="company-note">{t('supportAudit.hint')}</p>
      <DataTable
        caption={t('supportAudit.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(entry) => `${entry.createdAt}-${entry.action}-${entry.path}-${entry.status}`}
        rowLabel={(entry) => `${entry.adviser}: ${entry.action}`}
        emptyText={t('supportAudit.empty')}
      />
    </>
  );
}
