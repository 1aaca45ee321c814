import type { LocationDetail, LocationMember } from '@dash/shared-core';
import { showToast, useCan } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { AssignMembersModal } from '@dash/shared-ui/member-picker';
import { type BulkAction, type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignLocationMembers } from '../api/assignLocationMembers';
import { useLocationMembers } from '../api/getLocationMembers';
import { useRemoveLocationMembers } from '../api/removeLocationMembers';
import './locations.css';

const SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'responsible'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search'] as const;

/** The location's members: a server-side table, bulk remove, and the assign modal. */
export function LocationMembersTab({ location }: { location: LocationDetail }) {
  const { t } = useTranslation('company');
  const can = useCan();
  const table = useTableState<SortKey>(SORT_KEYS, 'lastName', FILTERS);
  const { state } = table;
  const query = useLocationMembers({ uuid: location.uuid, ...tableRequest(state, { search: state.filter.search }) });
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<{ open: boolean; members: LocationMember[] }>({ open: false, members: [] });
  const remove = useRemoveLocationMembers();
  const assign = useAssignLocationMembers();
  const responsibleChosen = removing.members.filter((member) => member.responsible);
  // Picking members searches the member list: a loc-admin, who may not read it, removes members only.
  const canAssign = can(['location.change-members']) && can(['member-list.get-list']);

  const bulkActions: BulkAction<LocationMember>[] = [
    {
      id: 'remove',
      label: t('locations.members.removeSelected'),
      permissions: ['location.change-members'],
      onAction: (members) => setRemoving({ open: true, members }),
    },
  ];
  const columns: Column<LocationMember>[] = [
    { name: 'lastName', label: t('locations.members.columns.lastName'), sortable: true, value: (m) => m.lastName },
    { name: 'firstName', label: t('locations.members.columns.firstName'), sortable: true, value: (m) => m.firstName },
    { name: 'username', label: t('locations.members.columns.username'), sortable: true, value: (m) => m.username },
    { name: 'email', label: t('locations.members.columns.email'), sortable: true, value: (m) => m.email },
    {
      name: 'responsible',
      label: t('locations.members.columns.responsible'),
      sortable: true,
      value: (member) =>
        member.responsible ? (
          <span className="ui-badge ui-badge--info">{t('locations.members.responsibleBadge')}</span>
        ) : null,
    },
  ];

  return (
    <section className="ui-card">
      {canAssign && (
        <div className="company-toolbar">
          <button type="button" className="ui-button" onClick={() => setAssigning(true)} data-testid="assign-members">
            {t('locations.members.assign')}
          </button>
        </div>
      )}
      <DataTable
        caption={t('locations.members.caption', { name: location.name })}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(member) => member.uuid}
        emptyText={t('locations.members.empty')}
        rowLabel={(member) => `${member.firstName} ${member.lastName}`}
        bulkActions={bulkActions}
        filters={[{ name: 'search', type: 'search', label: t('locations.members.search'), typeahead: true }]}
      />
      {canAssign && (
        <AssignMembersModal
          open={assigning}
          onClose={() => setAssigning(false)}
          headline={t('locations.members.assignHeadline', { name: location.name })}
          intro={t('locations.members.assignText')}
          exclude={query.data?.items.map((member) => member.uuid)}
          onAssign={async (memberUuids) => {
            const result = await assign.mutateAsync({ uuid: location.uuid, memberUuids });
            showToast({
              type: 'success',
              title: t('common:toast.successTitle'),
              message: t('locations.toast.assigned', { count: result.changed }),
            });
          }}
        />
      )}
      <Dialog
        open={removing.open}
        onClose={() => setRemoving((current) => ({ ...current, open: false }))}
        headline={t('locations.members.removeHeadline', { count: removing.members.length })}
        texts={[
          t('locations.members.removeText', { count: removing.members.length, name: location.name }),
          ...(responsibleChosen.length > 0 ? [t('locations.members.removeResponsible')] : []),
        ]}
        list={removing.members.map((member) => `${member.firstName} ${member.lastName}`)}
        width={40}
        testId="remove-members-modal"
        buttons={[
          {
            label: t('locations.members.removeSubmit', { count: removing.members.length }),
            variant: 'danger',
            disabled: remove.isPending || responsibleChosen.length > 0,
            onClick: () =>
              remove.mutate(
                { uuid: location.uuid, memberUuids: removing.members.map((member) => member.uuid) },
                {
                  onSuccess: (result) => {
                    showToast({
                      type: 'success',
                      title: t('common:toast.successTitle'),
                      message: t('locations.toast.removed', { count: result.changed }),
                    });
                    setRemoving((current) => ({ ...current, open: false }));
                  },
                },
              ),
          },
        ]}
      />
    </section>
  );
}
