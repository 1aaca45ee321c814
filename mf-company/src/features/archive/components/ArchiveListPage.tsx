import { type ArchivedMember, type Language, localeOf } from '@dash/shared-core';
import { Dialog, PageHeader, showToast } from '@dash/shared-ui';
import { type BulkAction, type Column, DataTable, type RowAction, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../members/components/memberForm.css';
import { useDeleteMembers } from '../api/deleteMembers';
import { useArchivedMemberList } from '../api/getArchivedMemberList';
import { useUnarchiveMembers } from '../api/unarchiveMembers';

const SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'archivedAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Archived members: restore, or delete for good after a confirmation that names what is lost. */
export default function ArchiveListPage() {
  const { t, i18n } = useTranslation('company');
  const table = useTableState<SortKey>(SORT_KEYS, 'archivedAt', ['search']);
  const { state } = table;
  const query = useArchivedMemberList({
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
    filter: { search: state.filter.search },
  });
  const restore = useUnarchiveMembers();
  const remove = useDeleteMembers();
  const [restoring, setRestoring] = useState<ArchivedMember[]>([]);
  const [deleting, setDeleting] = useState<ArchivedMember[]>([]);
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const names = (members: ArchivedMember[]) => members.slice(0, 10).map((m) => `${m.firstName} ${m.lastName}`);

  const rowActions: RowAction<ArchivedMember>[] = [
    {
      id: 'restore',
      label: t('archive.actions.restore'),
      permissions: ['archive-member.unarchive'],
      onAction: (m) => setRestoring([m]),
    },
    {
      id: 'delete',
      label: t('archive.actions.delete'),
      permissions: ['archive-member.delete'],
      onAction: (m) => setDeleting([m]),
    },
  ];
  const bulkActions: BulkAction<ArchivedMember>[] = [
    {
      id: 'restore',
      label: t('archive.actions.restoreSelected'),
      permissions: ['archive-member.unarchive'],
      onAction: setRestoring,
    },
    {
      id: 'delete',
      label: t('archive.actions.deleteSelected'),
      permissions: ['archive-member.delete'],
      onAction: setDeleting,
    },
  ];
  const columns: Column<ArchivedMember>[] = [
    { name: 'lastName', label: t('members.columns.lastName'), sortable: true, value: (m) => m.lastName },
    {
      name: 'firstName',
      label: t('members.columns.firstName'),
      sortable: true,
      maxWidth: '8rem',
      value: (m) => m.firstName,
    },
    {
      name: 'username',
      label: t('members.columns.username'),
      sortable: true,
      maxWidth: '7.5rem',
      value: (m) => m.username,
    },
    { name: 'email', label: t('members.columns.email'), sortable: true, maxWidth: '10rem', value: (m) => m.email },
    { name: 'role', label: t('members.columns.role'), value: (m) => t(`common:roles.${m.roleIdentifier}`) },
    {
      name: 'archivedAt',
      label: t('archive.columns.archivedAt'),
      sortable: true,
      value: (m) => m.archivedAt,
      formatter: (value) => dateFormat.format(new Date(String(value))),
    },
  ];

  return (
    <>
      <PageHeader title={t('archive.title')} />
      <div className="company-wide-table">
        <DataTable
          caption={t('archive.title')}
          columns={columns}
          rows={query.data?.items}
          total={query.data?.total}
          loading={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
          table={table}
          rowKey={(m) => m.uuid}
          rowLabel={(m) => `${m.firstName} ${m.lastName}`}
          emptyText={t('archive.empty')}
          rowActions={rowActions}
          bulkActions={bulkActions}
          filters={[{ name: 'search', type: 'search', label: t('members.filters.search'), typeahead: true }]}
        />
      </div>
      <Dialog
        open={restoring.length > 0}
        onClose={() => setRestoring([])}
        headline={t('archive.restore.title', { count: restoring.length })}
        testId="restore-dialog"
        texts={[t('archive.restore.text')]}
        list={names(restoring)}
        buttons={[
          {
            label: t('archive.restore.confirm'),
            disabled: restore.isPending,
            onClick: () =>
              restore.mutate(
                restoring.map((m) => m.uuid),
                {
                  onSuccess: (answer) => {
                    showToast({
                      type: 'success',
                      title: t('archive.restore.title', { count: answer.count }),
                      message: t('archive.restore.done', { count: answer.count }),
                    });
                    setRestoring([]);
                  },
                },
              ),
          },
        ]}
      />
      <Dialog
        open={deleting.length > 0}
        onClose={() => setDeleting([])}
        headline={t('archive.delete.title', { count: deleting.length })}
        testId="delete-dialog"
        texts={[t('archive.delete.text'), t('archive.delete.kept')]}
        list={names(deleting)}
        buttons={[
          {
            label: t('archive.delete.confirm'),
            variant: 'danger',
            disabled: remove.isPending,
            onClick: () =>
              remove.mutate(
                deleting.map((m) => m.uuid),
                {
                  onSuccess: (answer) => {
                    showToast({
                      type: 'success',
                      title: t('archive.delete.title', { count: answer.count }),
                      message: t('archive.delete.done', { count: answer.count }),
                    });
                    setDeleting([]);
                  },
                },
              ),
          },
        ]}
      />
    </>
  );
}
