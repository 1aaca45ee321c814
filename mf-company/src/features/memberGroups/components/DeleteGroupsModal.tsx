import type { MemberGroup } from '@dash/shared-core';
import { Dialog, showToast } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useDeleteMemberGroups } from '../api/deleteMemberGroups';

/** Confirms deleting one or many groups, naming them and what is lost (the assignments, not the members). */
export function DeleteGroupsModal({
  groups,
  onClose,
  onDeleted,
}: {
  groups: MemberGroup[];
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('company');
  const remove = useDeleteMemberGroups();
  return (
    <Dialog
      open={groups.length > 0}
      onClose={onClose}
      headline={t('memberGroups.deleteHeadline', { count: groups.length })}
      texts={[t('memberGroups.deleteText', { count: groups.length })]}
      list={groups.map((group) => group.name)}
      testId="delete-groups-modal"
      buttons={[
        {
          label: t('memberGroups.delete'),
          variant: 'danger',
          disabled: remove.isPending,
          onClick: () =>
            remove.mutate(
              { uuids: groups.map((group) => group.uuid) },
              {
                onSuccess: () => {
                  showToast({
                    type: 'success',
                    title: t('common:toast.successTitle'),
                    message: t('memberGroups.deleted', { count: groups.length }),
                  });
                  onClose();
                  onDeleted?.();
                },
              },
            ),
        },
      ]}
    />
  );
}
