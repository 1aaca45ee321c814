import { type ArchivedMember, type ArchivedMemberFilter, type Language, localeOf } from '@dash/shared-core';
import { PageHeader, showToast } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import {
  type BulkAction,
  type Column,
  DataTable,
  queryRows,
  type RowAction,
  tableRequest,
  useTableState,
} from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../members/components/memberForm.css';
import { useDeleteMembers } from '../api/deleteMembers';
import { useArchivedMemberList } from '../api/getArchivedMemberList';
import { useUnarchiveMembers } from '../api/unarchiveMembers';

const SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'archivedAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** The archived members picked, or every one the list shows for its filter ("all N matching"). */
type Choice = { members: ArchivedMember[] } | { filter: ArchivedMemberFilter; total: number };
const countOf = (choice: Choice | null) => (!choice ? 0 : 'members' in choice ? choice.members.length : choice.total);
const requestOf = (choice: Choice) =>
  'members' in choice ? { uuids: choice.members.map((m) => m.uuid) } : { filter: choice.filter };

/** Archived members: restore, or delete for good after a confirmation that names what is lost. */
export default function ArchiveListPage() {
  const { t, i18n } = useTranslation('company');
  const table = useTableState<SortKey>(SORT_KEYS, 'archivedAt', ['search']);
  const { state } = table;
  const filter: ArchivedMemberFilter = { search: state.filter.search };
  const query = useArchivedMemberList(tableRequest(state, filter));
  const restore = useUnarchiveMembers();
  const remove = useDeleteMembers();
  const [restoring, setRestoring] = useState<Choice | null>(null);
  const [deleting, setDeleting] = useState<Choice | null>(null);
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const names = (choice: Choice | null) =>
    choice && 'members' in choice ? choice.members.slice(0, 10).map((m) => `${m.firstName} ${m.lastName}`) : [];
  const allMatchingText = (choice: Choice | null) =>
    choice && 'filter' in choice ? [t('archive.allMatching', { total: choice.total })] : [];

  const rowActions: RowAction<ArchivedMember>[] = [
    {
      id: 'restore',
      label: t('archive.actions.restore'),
      permissions: ['archive-member.unarchive'],
      onAction: (m) => setRestoring({ members: [m] }),
    },
    {
      id: 'delete',
      label: t('archive.actions.delete'),
      permissions: ['archive-member.delete'],
      onAction: (m) => setDeleting({ members: [m] }),
    },
  ];
  const bulkActions: BulkAction<ArchivedMember>[] = [
    {
      id: 'restore',
      label: t('archive.actions.restoreSelected'),
      permissions: ['archive-member.unarchive'],
      onAction: (members) => setRestoring({ members }),
      onAllMatching: (total) => setRestoring({ filter, total }),
    },
    {
      id: 'delete',
      label: t('archive.actions.deleteSelected'),
      permissions: ['archive-member.delete'],
      onAction: (members) => setDeleting({ members }),
      onAllMatching: (total) => setDeleting({ filter, total }),
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
          {...queryRows(query)}
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
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        headline={t('archive.restore.title', { count: countOf(restoring) })}
        testId="restore-dialog"
        texts={[t('archive.restore.text'), ...allMatchingText(restoring)]}
        list={names(restoring)}
        buttons={[
          {
            label: t('archive.restore.confirm'),
            disabled: restore.isPending,
            onClick: () =>
              restoring &&
              restore.mutate(requestOf(restoring), {
                onSuccess: (answer) => {
                  showToast({
                    type: 'success',
                    title: t('archive.restore.title', { count: answer.count }),
                    message: t('archive.restore.done', { count: answer.count }),
                  });
                  setRestoring(null);
                },
              }),
          },
        ]}
      />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        headline={t('archive.delete.title', { count: countOf(deleting) })}
        testId="delete-dialog"
        texts={[...allMatchingText(deleting), t('archive.delete.text'), t('archive.delete.kept')]}
        list={names(deleting)}
        buttons={[
          {
            label: t('archive.delete.confirm'),
            variant: 'danger',
            disabled: remove.isPending,
            onClick: () =>
              deleting &&
              remove.mutate(requestOf(deleting), {
                onSuccess: (answer) => {
                  showToast({
                    type: 'success',
                    title: t('archive.delete.title', { count: answer.count }),
                    message: t('archive.delete.done', { count: answer.count }),
                  });
                  setDeleting(null);
                },
              }),
          },
        ]}
      />
    </>
  );
}
