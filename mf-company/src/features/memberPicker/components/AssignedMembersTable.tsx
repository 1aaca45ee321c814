import type { AssignedMember, Permission } from '@dash/shared-core';
import { Link } from '@dash/shared-ui';
import { type BulkAction, type Column, DataTable, type TableStateControls } from '@dash/shared-ui/table';
import { useTranslation } from 'react-i18next';
import { memberDetailsPath } from '../../../routes';

export const ASSIGNED_SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'role', 'status'] as const;
export type AssignedSortKey = (typeof ASSIGNED_SORT_KEYS)[number];

/** The members of a group, org unit or location: a server-side table with "remove" as a bulk action. */
export function AssignedMembersTable({
  caption,
  rows,
  total,
  loading,
  failed,
  onRetry,
  table,
  removePermissions,
  onRemove,
}: {
  caption: string;
  rows: AssignedMember[] | undefined;
  total: number | undefined;
  loading: boolean;
  /** The members' call failed (DataTable shows an error line with a retry). */
  failed?: boolean;
  onRetry?: () => void;
  table: TableStateControls<AssignedSortKey>;
  removePermissions: readonly Permission[];
  /** Leaves the remove action out (e.g. the default org unit, which holds everybody). */
  onRemove?: (members: AssignedMember[]) => void;
}) {
  const { t } = useTranslation('company');
  const columns: Column<AssignedMember>[] = [
    {
      name: 'lastName',
      label: t('members.columns.lastName'),
      sortable: true,
      value: (member) => <Link to={memberDetailsPath(member.uuid)}>{member.lastName}</Link>,
    },
    { name: 'firstName', label: t('members.columns.firstName'), sortable: true, value: (member) => member.firstName },
    { name: 'username', label: t('members.columns.username'), sortable: true, value: (member) => member.username },
    { name: 'email', label: t('members.columns.email'), sortable: true, maxWidth: '16rem', value: (m) => m.email },
    { name: 'role', label: t('members.columns.role'), sortable: true, value: (m) => t(`common:roles.${m.role}`) },
    {
      name: 'status',
      label: t('members.columns.status'),
      sortable: true,
      value: (member) => t(`common:common.${member.status}`),
    },
  ];
  const bulkActions: BulkAction<AssignedMember>[] = onRemove
    ? [{ id: 'remove', label: t('memberPicker.removeSelected'), permissions: removePermissions, onAction: onRemove }]
    : [];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      total={total}
      loading={loading}
      failed={failed}
      onRetry={onRetry}
      table={table}
      rowKey={(member) => member.uuid}
      rowLabel={(member) => `${member.firstName} ${member.lastName}`}
      emptyText={t('memberPicker.noMembers')}
      bulkActions={bulkActions}
      filters={[{ name: 'search', type: 'search', label: t('members.filters.search'), typeahead: true }]}
    />
  );
}
