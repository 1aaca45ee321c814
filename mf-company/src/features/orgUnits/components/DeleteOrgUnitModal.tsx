import { showToast } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useDeleteOrgUnit } from '../api/deleteOrgUnit';

/** Confirms deleting a unit: its member assignments go with it; the members themselves stay. */
export function DeleteOrgUnitModal({
  unit,
  onClose,
  onDeleted,
}: {
  unit: { uuid: string; orgUnitName: string; memberCount: number } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('company');
  const remove = useDeleteOrgUnit();
  return (
    <Dialog
      open={unit !== null}
      onClose={onClose}
      headline={t('orgUnits.deleteHeadline')}
      texts={unit ? [t('orgUnits.deleteText', { name: unit.orgUnitName, count: unit.memberCount })] : []}
      testId="delete-org-unit-modal"
      buttons={[
        {
          label: t('orgUnits.delete'),
          variant: 'danger',
          disabled: remove.isPending,
          onClick: () => {
            if (!unit) return;
            remove.mutate(
              { uuid: unit.uuid },
              {
                onSuccess: () => {
                  showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('orgUnits.deleted') });
                  onClose();
                  onDeleted?.();
                },
              },
            );
          },
        },
      ]}
    />
  );
}
