import { formatDate, type Language, type LicenseeSupportSession } from '@dash/shared-core';
import { SUPPORT_SESSION_SORT_KEYS } from '@dash/shared-core/calls';
import { Link, PageHeader, showToast, useCan, useSearchParams } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { type Column, DataTable, queryRows, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientDetailsPath } from '../../../routes';
import { useEndSupportSession } from '../api/endSupportSession';
import { useSupportSessions } from '../api/getSupportSessions';
import '../../clients/components/licensee.css';

type SortKey = (typeof SUPPORT_SESSION_SORT_KEYS)[number];
const FILTERS = ['search'] as const;

/**
 * The support sessions the licensee's advisers opened from the console: who, which client, why, when, until when,
 * how it ended (running, ended early by whom, expired) and how many calls (each call is in the client's own support
 * audit). Licensee admins end a running session: the adviser is signed out of the client at once.
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
  const can = useCan();
  const canEnd = can(['licensee.support-end']);
  const [ending, setEnding] = useState<LicenseeSupportSession | null>(null);
  const end = useEndSupportSession();
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
      name: 'status',
      label: t('supportSessions.status'),
      value: (session) =>
        session.running ? (
          <span className="ui-badge ui-badge--success">
            {t('supportSessions.running', { time: formatDate(session.expiresAt, language, 'dateTime') })}
          </span>
        ) : session.endedAt ? (
          t('supportSessions.endedBy', {
            time: formatDate(session.endedAt, language, 'dateTime'),
            name: session.endedBy ?? '',
          })
        ) : (
          `${t('supportSessions.expired')} (${formatDate(session.expiresAt, language, 'dateTime')})`
        ),
    },
    {
      name: 'callCount',
      label: t('supportSessions.columns.calls'),
      alignment: 'right',
      value: (session) => String(session.callCount),
    },
    ...(canEnd
      ? [
          {
            name: 'actions',
            label: t('supportSessions.actions'),
            value: (session: LicenseeSupportSession) =>
              session.running ? (
                <button
                  type="button"
                  className="ui-button ui-button--small ui-button--danger"
                  onClick={() => setEnding(session)}
                  data-testid="end-support-session"
                >
                  {t('supportSessions.end')}
                </button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title={t('supportSessions.title')} />
      <p className="licensee-hint">{t('supportSessions.hint')}</p>
      <DataTable
        caption={t('supportSessions.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(session) => session.uuid}
        rowLabel={(session) => `${session.adviser} – ${session.clientName}`}
        emptyText={t('supportSessions.empty')}
        filters={[{ name: 'search', type: 'search', label: t('supportSessions.search'), typeahead: true }]}
      />
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('supportSessions.endTitle', { adviser: ending?.adviser ?? '' })}
        text={t('supportSessions.endText')}
        confirmLabel={t('supportSessions.end')}
        variant="danger"
        onConfirm={async () => {
          if (!ending) return;
          await end.mutateAsync({ uuid: ending.uuid });
          setEnding(null);
          showToast({
            type: 'success',
            title: t('common:toast.successTitle'),
            message: t('supportSessions.ended', { adviser: ending.adviser }),
          });
        }}
      />
    </>
  );
}
