import type { MemberGroup, MemberGroupListFilter } from '@dash/shared-core';
import { Link, PageHeader, useCan, useNavigate } from '@dash/shared-ui';
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
import { groupDetailsPath } from '../../../routes';
import { useMemberGroupList } from '../api/getMemberGroupList';
import { CreateGroupModal } from './CreateGroupModal';
import { DeleteGroupsModal } from './DeleteGroupsModal';
import { GROUP_TYPES, isGroupType } from './groupTypes';

const SORT_KEYS = ['name', 'type', 'memberCount'] as const;
type SortKey = (typeof SORT_KEYS)[number];

export default function GroupListPage() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const can = useCan();
  const table = useTableState<SortKey>(SORT_KEYS, 'name', ['search', 'type']);
  const { state } = table;
  // The list's filter; "all N matching" sends the same one to the delete call.
  const filter: MemberGroupListFilter = {
    search: state.filter.search || undefined,
    type: isGroupType(state.filter.type) ? state.filter.type : undefined,
  };
  const query = useMemberGroupList(tableRequest(state, filter));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<MemberGroup[]>([]);
  const [deletingMatching, setDeletingMatching] = useState<{ filter: MemberGroupListFilter; total: number } | null>(
    null,
  );

  const columns: Column<MemberGroup>[] = [
    {
      name: 'name',
      label: t('memberGroups.fields.name'),
      sortable: true,
      value: (group) => <Link to={groupDetailsPath(group.uuid)}>{group.name}</Link>,
    },
    {
      name: 'type',
      label: t('memberGroups.fields.type'),
      sortable: true,
      value: (group) => t(`memberGroups.types.${group.type}`),
    },
    {
      name: 'memberCount',
      label: t('memberGroups.fields.memberCount'),
      sortable: true,
      alignment: 'right',
      value: (group) => String(group.memberCount),
    },
  ];
  const rowActions: RowAction<MemberGroup>[] = [
    {
      id: 'details',
      label: t('memberGroups.actions.details'),
      permissions: ['member-group.read-details'],
      onAction: (group) => navigate(groupDetailsPath(group.uuid)),
    },
    {
      id: 'members',
      label: t('memberGroups.actions.members'),
      permissions: ['member-group.read-member-list'],
      onAction: (group) => navigate(groupDetailsPath(group.uuid, 'member')),
    },
    {
      id: 'delete',
      label: t('memberGroups.delete'),
      permissions: ['member-group.delete'],
      onAction: (group) => setDeleting([group]),
    },
  ];
  const bulkActions: BulkAction<MemberGroup>[] = [
    {
      id: 'delete',
      label: t('memberGroups.deleteSelected'),
      permissions: ['member-group.delete'],
      onAction: setDeleting,
      onAllMatching: (total) => setDeletingMatching({ filter, total }),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('memberGroups.listTitle')}
        actions={
          can(['member-group.create']) && (
            <button type="button" className="ui-button" onClick={() => setCreating(true)}>
              {t('memberGroups.createHeadline')}
            </button>
          )
        }
      />
      <DataTable
        caption={t('memberGroups.listTitle')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(group) => group.uuid}
        rowLabel={(group) => group.name}
        emptyText={t('memberGroups.empty')}
        rowActions={rowActions}
        bulkActions={bulkActions}
        filters={[
          { name: 'search', type: 'search', label: t('members.filters.search'), typeahead: true },
          {
            name: 'type',
            type: 'dropdown',
            label: t('memberGroups.fields.type'),
            options: [
              { value: '', label: t('memberGroups.allTypes') },
              ...GROUP_TYPES.map((type) => ({ value: type, label: t(`memberGroups.types.${type}`) })),
            ],
          },
        ]}
      />
      <CreateGroupModal open={creating} onClose={() => setCreating(false)} />
      <DeleteGroupsModal
        groups={deleting}
        matching={deletingMatching}
        onClose={() => {
          setDeleting([]);
          setDeletingMatching(null);
        }}
      />
    </>
  );
}
