import type { LocationListItem } from '@dash/shared-core';
import { Dialog, showToast } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useDeleteLocations } from '../api/deleteLocations';

/** The "delete" modal: names the locations and what is lost with them (their member assignments). */
export function DeleteLocationsModal({
  open,
  locations,
  onClose,
  onDeleted,
}: {
  open: boolean;
  locations: LocationListItem[];
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('company');
  const remove = useDeleteLocations();
  const members = locations.reduce((sum, location) => sum + location.memberCount, 0);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      headline={t('locations.delete.headline', { count: locations.length })}
      texts={[
        t('locations.delete.text', { count: locations.length }),
        t('locations.delete.members', { count: members }),
      ]}
      list={locations.map((location) => location.name)}
      width={40}
      testId="delete-locations-modal"
      buttons={[
        {
          label: t('locations.delete.submit', { count: locations.length }),
          variant: 'danger',
          disabled: remove.isPending,
          // A refusal is shown by the API client's error toast; the modal stays open.
          onClick: () =>
            remove.mutate(
              locations.map((location) => location.uuid),
              {
                onSuccess: (result) => {
                  showToast({
                    type: 'success',
                    title: t('common:toast.successTitle'),
                    message: t('locations.toast.deleted', { count: result.deleted }),
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
