import type { MemberGroup, MemberGroupListFilter } from '@dash/shared-core';
import { showToast } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useDeleteMemberGroups } from '../api/deleteMemberGroups';

/**
 * Confirms deleting one or many groups, naming them and what is lost (the assignments, not the members). With
 * `matching` ("all N matching the filter") it deletes every group the list shows for that filter instead.
 */
export function DeleteGroupsModal({
  groups,
  matching,
  onClose,
  onDeleted,
}: {
  groups: MemberGroup[];
  matching?: { filter: MemberGroupListFilter; total: number } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('company');
  const remove = useDeleteMemberGroups();
  const count = matching ? matching.total : groups.length;
  return (
    <Dialog
      open={count > 0}
      onClose={onClose}
      headline={t('memberGroups.deleteHeadline', { count })}
      texts={[
        ...(matching ? [t('memberGroups.deleteAllMatching', { total: matching.total })] : []),
        t('memberGroups.deleteText', { count }),
      ]}
      list={matching ? [] : groups.map((group) => group.name)}
      testId="delete-groups-modal"
      buttons={[
        {
          label: t('memberGroups.delete'),
          variant: 'danger',
          disabled: remove.isPending,
          onClick: () =>
            remove.mutate(matching ? { filter: matching.filter } : { uuids: groups.map((group) => group.uuid) }, {
              onSuccess: (answer) => {
                showToast({
                  type: 'success',
                  title: t('common:toast.successTitle'),
                  message: t('memberGroups.deleted', { count: answer.changed }),
                });
                onClose();
                onDeleted?.();
              },
            }),
        },
      ]}
    />
  );
}
