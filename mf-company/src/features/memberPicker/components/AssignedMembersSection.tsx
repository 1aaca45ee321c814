import './assignedMembers.css';
import type { AssignedMember, Permission } from '@dash/shared-core';
import { showToast } from '@dash/shared-ui';
import { AssignMembersModal } from '@dash/shared-ui/member-picker';
import type { TableStateControls } from '@dash/shared-ui/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignedMembersTable, type AssignedSortKey } from './AssignedMembersTable';
import { RemoveMembersModal } from './RemoveMembersModal';

type ChangeMembers = (memberUuids: string[]) => Promise<{ changed: number }>;

/**
 * The members tab of a group or an org unit: the assigned members' table, "assign" with the member picker and
 * "remove" as a bulk action, each confirmed with a toast. The caller reads the page of members and does the calls.
 */
export function AssignedMembersSection({
  name,
  caption,
  page,
  loading,
  failed,
  onRetry,
  table,
  changePermissions,
  changeable,
  assign,
  remove,
  notice,
  moreActions,
}: {
  /** What the members belong to (the modals name it). */
  name: string;
  caption: string;
  page: { items: AssignedMember[]; total: number } | undefined;
  loading: boolean;
  failed?: boolean;
  onRetry?: () => void;
  table: TableStateControls<AssignedSortKey>;
  changePermissions: readonly Permission[];
  /** false: the table only (no permission, or a unit that holds everybody). */
  changeable: boolean;
  assign: ChangeMembers;
  remove: ChangeMembers;
  notice?: ReactNode;
  /** More toolbar buttons beside "assign" when changeable. */
  moreActions?: ReactNode;
}) {
  const { t } = useTranslation('company');
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<AssignedMember[]>([]);
  const toast = (message: string) => showToast({ type: 'success', title: t('common:toast.successTitle'), message });
  return (
    <>
      {notice}
      {changeable && (
        <div className="company-toolbar">
          <button type="button" className="ui-button" onClick={() => setAssigning(true)}>
            {t('memberPicker.assignHeadline')}
          </button>
          {moreActions}
        </div>
      )}
      <AssignedMembersTable
        caption={caption}
        rows={page?.items}
        total={page?.total}
        loading={loading}
        failed={failed}
        onRetry={onRetry}
        table={table}
        removePermissions={changePermissions}
        onRemove={changeable ? setRemoving : undefined}
      />
      <AssignMembersModal
        open={assigning}
        onClose={() => setAssigning(false)}
        headline={t('memberPicker.assignTo', { name })}
        exclude={page?.items.map((member) => member.uuid)}
        onAssign={async (memberUuids) => {
          const { changed } = await assign(memberUuids);
          toast(t('memberPicker.assigned', { count: changed }));
        }}
      />
      <RemoveMembersModal
        members={removing}
        from={name}
        onClose={() => setRemoving([])}
        onRemove={async (memberUuids) => {
          const { changed } = await remove(memberUuids);
          toast(t('memberPicker.removed', { count: changed }));
        }}
      />
    </>
  );
}
